import { localHref } from '../../i18n/paths';
import { t } from '../../i18n/t';

/** What a visitor sees on a page that is about their own account. */
export default function SignInPrompt({ next, children }: { next: string; children: React.ReactNode }) {
  return (
    <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-6" data-testid="sign-in-prompt">
      <p>{children}</p>
      <a className="btn btn-default" href={localHref(`/auth?${new URLSearchParams({ next })}`)}>
        {t('money.signIn')}
      </a>
    </div>
  );
}
