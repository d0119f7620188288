// A referral link's code, kept in the browser for 30 days and sent with the first sync after sign-up
// (POST /api/users), where the cms decides whether it counts (new account, not yourself, no loop).

export const REFERRAL_STORAGE_KEY = 'writory-referral';
export const REFERRAL_KEEP_DAYS = 30;
const DAY_MS = 86_400_000;
const CODE = /^[2-9A-HJ-NP-Z]{8}$/;

interface Kept {
  code: string;
  savedAt: number;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Keeps a code from an invitation link (the newest link wins). False for something that is not a code. */
export function keepReferralCode(raw: string | null, now = Date.now()): boolean {
  const code = raw?.trim().toUpperCase() ?? '';
  if (!CODE.test(code)) return false;
  storage()?.setItem(REFERRAL_STORAGE_KEY, JSON.stringify({ code, savedAt: now } satisfies Kept));
  return true;
}

/** The kept code while it is younger than 30 days; an expired or unreadable one is removed. */
export function keptReferralCode(now = Date.now()): string | null {
  const store = storage();
  const raw = store?.getItem(REFERRAL_STORAGE_KEY);
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as Partial<Kept>;
    if (typeof kept.code === 'string' && CODE.test(kept.code) && typeof kept.savedAt === 'number' && now - kept.savedAt < REFERRAL_KEEP_DAYS * DAY_MS)
      return kept.code;
  } catch {
    // fall through: not ours to keep
  }
  store?.removeItem(REFERRAL_STORAGE_KEY);
  return null;
}

/** After the server has seen it once (it attributes a new account or never will). */
export function forgetReferralCode(): void {
  storage()?.removeItem(REFERRAL_STORAGE_KEY);
}
