import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../i18n/t';
import { useHydrated } from '../components/react/useHydrated';
import { $toast, dismissToast, TOAST_DURATION_MS } from '../stores/toasts';

/**
 * Shows the one current toast in a polite live region. It may hydrate on the first toast (`client:on`): the first
 * render matches the empty server HTML, then the toast appears in the region, which screen readers then announce.
 */
export default function Toaster() {
  const hydrated = useHydrated();
  const live = useStore($toast);
  const toast = hydrated ? live : null;
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      {toast && (
        <div
          data-testid="toast"
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border p-4 shadow-lg ${
            toast.variant === 'destructive' ? 'border-red-300 bg-red-50 text-red-900' : 'border-stone-200 bg-white text-ink'
          }`}
        >
          <div>
            <p className="font-semibold">{toast.title}</p>
            {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
          </div>
          <button type="button" className="btn btn-ghost btn-sm ms-auto" onClick={() => dismissToast(toast.id)} aria-label={t('toast.close')}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
