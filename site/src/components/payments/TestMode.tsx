import { t } from '../../i18n/t';

/** Shown wherever money appears while the site runs in test-payments mode: no real money moves. */
export function TestModeBadge() {
  return (
    <span
      className="inline-flex items-center rounded bg-amber-300 px-2 py-0.5 font-sans text-xs font-bold tracking-wide text-amber-950"
      data-testid="test-mode"
    >
      {t('money.testMode')}
    </span>
  );
}

export function TestModeNotice({ children }: { children?: React.ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950" data-testid="test-mode-notice">
      <TestModeBadge />
      <span>{children ?? t('money.testNotice')}</span>
    </p>
  );
}
