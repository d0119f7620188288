// A poet's whole path driven in Hindi and in Arabic (issue 39), at 1280 and at 375 px: choose the language, sign up,
// read the verification email from the mail sink in that language and follow its link back into that language, sign
// in; enter a poem into the competition chosen on /submit and get the receipt on screen in that language and in the
// mail sink; the bell rings with it. Every page passes axe and shows no raw catalogue key.
import type { APIRequestContext, Page } from '@playwright/test';
import { makeDocx } from '../cms/tests/helpers/poem-files';
import { bearer, DOCX, newPoet } from './entrants';
import { expect, expectNoAxeViolations, test, withSavedConsent } from './fixtures';
import { CATALOGUES, CMS_MESSAGES, inLocale, type OtherLocale, OTHER_LOCALES, rawKeysOn } from './locales';
import { type Mail, mailbox, tokenFor } from './outside-services';
import { hydrated, open, signInAs } from './session';

test.beforeEach(async ({ page }) => withSavedConsent(page));

/** The newest email to `email` whose subject matches, as the poet would find it in their inbox. */
async function inboxMail(request: APIRequestContext, email: string, subject: (subject: string) => boolean, what: string) {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailbox(request)).filter((mail) => mail.to.some((to) => to.address === email) && subject(mail.subject)).at(-1);
        return Boolean(found);
      },
      { message: `no ${what} email for ${email}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The header's language menu: on a phone its summary shows only the globe. */
async function chooseLanguage(page: Page, name: string) {
  const switcher = page.getByTestId('language-switcher-header');
  await switcher.locator('summary').click();
  await switcher.getByRole('link', { name }).click();
}

/** A poem of a few lines in the poet's language, with its title, the competition it enters and its language's name. */
const POEMS: Record<OtherLocale, { title: string; lines: string[]; competition: string; language: string; country: string }> = {
  hi: {
    title: 'बारिश की चिट्ठी',
    lines: ['टीन की छत पर बारिश', 'माँ के हाथों की ताल रखती है', '', 'और बूँदों की कविता', 'मेरे बिना चलती रहती है'],
    competition: 'regional-languages',
    language: 'हिन्दी',
    country: 'IN',
  },
  ar: {
    title: 'رسالة المطر',
    lines: ['على سقف الصفيح مطرٌ', 'يحفظ إيقاع يدي أمي', '', 'وقصيدة القطرات', 'تمضي من دوني'],
    competition: 'poetry',
    language: 'العربية',
    country: 'EG',
  },
};
const LANGUAGE_NAMES: Record<OtherLocale, string> = { hi: 'हिन्दी', ar: 'العربية' };

for (const locale of OTHER_LOCALES) {
  test(`@phone sign up in ${locale}: the verification email in that language, its link back into that language, then signed in`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const text = CATALOGUES[locale];
    const mailText = CMS_MESSAGES[locale];
    const email = `e2e-journey-${locale}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@writory.test`;
    const password = 'Quill-and-verse-42';

    // The poet chooses the language in the header (the choice is remembered), then creates an account.
    await page.goto('/about');
    await chooseLanguage(page, LANGUAGE_NAMES[locale]);
    await expect(page).toHaveURL(new RegExp(`/${locale}/about/?$`));
    await open(page, inLocale(locale, '/auth'));
    await page.getByRole('button', { name: text['auth.toSignUp'] }).click();
    await page.getByRole('textbox', { name: text['auth.email'], exact: true }).fill(email);
    await page.getByLabel(text['auth.password'], { exact: true }).fill(password);
    await page.getByLabel(text['auth.confirmPassword']).fill(password);
    await page.getByRole('button', { name: text['auth.signUp.submit'] }).click();
    await expect(page.getByRole('status').filter({ hasText: email })).toContainText(text['auth.signUp.sent'].split('{email}')[0].trim());
    expect(await rawKeysOn(page)).toEqual([]);
    await expectNoAxeViolations(page);

    // The email is Writory's own, in the poet's language, and its link opens the verified page in that language.
    const mail = await inboxMail(request, email, (subject) => subject === mailText['mail.verify.subject'], 'verification');
    expect(mail.text).toContain(mailText['mail.verify.intro']);
    const link = mail.text.match(/https?:\/\/\S+\/__\/auth\/action\?\S+/)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(new RegExp(`/${locale}/email-verified/?\\?email=`));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await hydrated(page);
    await expect(page.getByText(text['emailVerified.bodyWithEmail'].replace('{email}', email))).toBeVisible();
    expect(await rawKeysOn(page)).toEqual([]);
    await expectNoAxeViolations(page);

    // Signed in from there, the poet stays in that language, and the profile keeps it for the cms's emails.
    await page.getByRole('link', { name: text['emailVerified.signIn'] }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth`));
    await hydrated(page);
    await expect(page.getByRole('textbox', { name: text['auth.email'], exact: true })).toHaveValue(email);
    await page.getByLabel(text['auth.password'], { exact: true }).fill(password);
    await page.getByRole('button', { name: text['auth.signIn.submit'], exact: true }).click();
    await expect(page.getByRole('button', { name: text['account.menu'] })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(new RegExp(`/${locale}/?$`));
    const token = await tokenFor(request, email, password);
    await expect.poll(async () => (await (await request.get('/api/users/me', { headers: bearer(token) })).json()).locale).toBe(locale);
  });

  test(`@phone a poet enters a poem in ${locale}: the competition, the text check, the receipt on screen and in the mail, the bell`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const text = CATALOGUES[locale];
    const poem = POEMS[locale];
    // An account of its own (a verified poet with a name and date of birth) whose profile language is `locale`.
    const poet = await newPoet(request, `journey-${locale}`, { name: locale === 'hi' ? 'Asha Verma' : 'Layla Haddad' });
    const chosen = await request.put('/api/users/me', { headers: bearer(poet.token), data: { locale } });
    expect(chosen.ok(), await chosen.text()).toBe(true);
    await signInAs(page, poet.email, poet.password, '/about');
    await open(page, inLocale(locale, `/submit?competition=${poem.competition}`));
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('competition-choice').locator(`input[value="${poem.competition}"]`)).toBeChecked();
    await expect(page.getByLabel(text['submit.fullName'])).toHaveValue(poet.name);
    expect(await rawKeysOn(page)).toEqual([]);
    await expectNoAxeViolations(page);

    // Step 1: the file, its title, its language and the country (named in the page's language).
    await page.getByLabel(text['submit.poem'], { exact: true }).setInputFiles({
      name: 'poem.docx',
      mimeType: DOCX,
      buffer: await makeDocx([poem.title, ...poem.lines].join('\n'), { author: poet.name }),
    });
    await page.getByLabel(text['submit.title'], { exact: true }).fill(poem.title);
    await page.getByLabel(text['submit.language'], { exact: true }).fill(poem.language);
    const country = page.getByLabel(text['submit.country'], { exact: true });
    await country.selectOption(poem.country);
    await expect(country.locator('option:checked')).toHaveText(new Intl.DisplayNames([locale], { type: 'region' }).of(poem.country)!);
    await page.getByRole('button', { name: text['submit.check'] }).click();

    // Step 2: the text the judges will read, then the declarations.
    await expect(page.getByRole('heading', { name: text['submit.step2'] })).toBeFocused({ timeout: 15_000 });
    await expect(page.getByTestId('preview-text')).toContainText(poem.lines[1]);
    expect(await rawKeysOn(page)).toEqual([]);
    await expectNoAxeViolations(page);
    for (const box of await page.getByTestId('declarations').getByRole('checkbox').all()) await box.check();
    await page.getByRole('button', { name: text['submit.confirm'] }).click();

    // The receipt on screen, in the poet's language.
    const code = page.getByTestId('entry-code');
    await expect(code).toHaveText(/^W\d{4}-[A-Z0-9]{5}$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: text['submit.receiptHeading'] })).toBeFocused();
    await expect(page.getByText(text['submit.receiptCode'], { exact: true })).toBeVisible();
    await expect(page.getByText(text['submit.receiptSent'])).toBeVisible();
    const entryCode = (await code.textContent())!;
    expect(await rawKeysOn(page)).toEqual([]);
    await expectNoAxeViolations(page);

    // The receipt email reaches the poet, naming the code and the poem.
    const mail = await inboxMail(request, poet.email, (subject) => subject.includes(entryCode), 'receipt');
    expect(mail.text).toContain(poem.title);

    // The bell rings with it: the badge counts it and the panel, in the poet's language, lists it.
    const bell = page.getByTestId('notification-bell');
    await expect(page.getByTestId('notification-badge')).toHaveText(/^[1-9]/, { timeout: 15_000 });
    await bell.click();
    const panel = page.getByRole('dialog', { name: text['account.notifications'] });
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('notification-item').filter({ hasText: entryCode })).toBeVisible();
    await expect(panel.getByRole('button', { name: text['notifications.markAllRead'] })).toBeVisible();
    expect(await rawKeysOn(page)).toEqual([]);
    await expectNoAxeViolations(page);
  });
}
