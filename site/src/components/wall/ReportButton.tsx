import type { WallReportReason } from '@writory/shared';
import { reportWallPost } from '../../api/wall';
import { around } from '../../i18n/around';
import { t } from '../../i18n/t';
import ReportDialog from './ReportDialog';

/** A report reason's name and what it covers, in the page's language. */
export const reasonText = (reason: WallReportReason) => ({ label: t(`wall.reason.${reason}`), hint: t(`wall.reason.${reason}Hint`) });

/** "Report" on a wall poem: the wall's report dialog, each reason with what it covers. */
export default function ReportButton({ id, title }: { id: number; title: string }) {
  return (
    <ReportDialog
      testId="report-button"
      send={(report) => reportWallPost(id, report)}
      words={{
        button: t('wall.report.button'),
        reported: t('wall.report.reported'),
        title: around(t('wall.report.title'), { title: <span dir="auto">“{title}”</span> }),
        why: t('wall.report.why'),
        reason: reasonText,
        note: t('wall.report.note'),
        noteOptional: t('wall.report.noteOptional'),
        choose: t('wall.report.choose'),
        needsNote: t('wall.report.needsNote'),
        failed: t('wall.report.failed'),
        thanks: t('wall.report.thanks'),
        send: t('wall.report.send'),
        sending: t('wall.report.sending'),
        cancel: t('wall.report.cancel'),
        close: t('wall.report.close'),
      }}
    />
  );
}
