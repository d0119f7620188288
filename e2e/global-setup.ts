// The e2e run must not depend on the calendar: the specs enter poems, so submissions have to be open for the
// whole run. From the 26th to the month's end (or when the window closes within the next hours) the admin
// opens next month's contest now, as an admin may from /admin-settings; on other days nothing changes.
import { request as playwrightRequest, type FullConfig } from '@playwright/test';
import type { CurrentContest } from '@writory/shared';
import { accountOf } from './demo';
import { bearer, tokenFor } from './entrants';

const HOUR = 3_600_000;
const RUN_MARGIN = 3 * HOUR;

export default async function openSubmissionsForTheRun(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    const contests: CurrentContest = await (await request.get('/api/contests/current')).json();
    const now = Date.parse(contests.now);
    const openLongEnough = contests.current && Date.parse(contests.current.closesAt) > now + RUN_MARGIN;
    if (openLongEnough || !contests.next) return;
    const admin = accountOf('admin');
    const token = await tokenFor(request, admin.email, admin.password);
    const res = await request.put(`/api/admin/contests/${contests.next.month}`, {
      headers: bearer(token),
      data: { opensAt: new Date(now - HOUR).toISOString(), closesAt: new Date(now + 7 * 24 * HOUR).toISOString(), resultsAt: new Date(now + 8 * 24 * HOUR).toISOString() },
    });
    if (!res.ok()) throw new Error(`opening the ${contests.next.month} contest for the e2e run: ${res.status()} ${await res.text()}`);
  } finally {
    await request.dispose();
  }
}
