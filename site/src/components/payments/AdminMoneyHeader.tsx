import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $catalogue, loadCatalogue } from '../../stores/payments';
import { TestModeNotice } from './TestMode';
import { t } from '../../i18n/t';

/** The payments mode at the top of every admin money page: TEST MODE, or a warning when payments are off. */
export default function AdminMoneyHeader() {
  const mode = useStore($catalogue)?.mode ?? null;
  useEffect(() => {
    loadCatalogue().catch(() => undefined);
  }, []);
  if (mode === 'test') return <TestModeNotice>{t('adminMoney.testMode')}</TestModeNotice>;
  if (mode === 'off') return <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">{t('adminMoney.off')}</p>;
  return null;
}
