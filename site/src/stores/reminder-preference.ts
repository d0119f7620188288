// The signed-in poet's choice about reminder emails (the profile page's checkbox).
import { atom } from 'nanostores';
import { fetchReminderPreference, saveReminderPreference } from '../api/reminders';

/** Whether the poet opted out; null until the cms answered. */
export const $remindersOptedOut = atom<boolean | null>(null);

/** Reads the choice; throws what the cms answered when it cannot. */
export async function loadReminderPreference(): Promise<void> {
  $remindersOptedOut.set((await fetchReminderPreference()).optedOut);
}

/** The box follows the click at once and goes back if the cms refuses (the error is thrown on); returns the saved choice. */
export async function chooseReminders(wantsReminders: boolean): Promise<boolean> {
  const before = $remindersOptedOut.get();
  $remindersOptedOut.set(!wantsReminders);
  try {
    const saved = await saveReminderPreference({ optedOut: !wantsReminders });
    $remindersOptedOut.set(saved.optedOut);
    return saved.optedOut;
  } catch (error) {
    $remindersOptedOut.set(before);
    throw error;
  }
}
