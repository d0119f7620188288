import { reportComment } from '../../../api/comments';
import { t } from '../../../i18n/t';
import ReportDialog from '../ReportDialog';

/** "Report" on a comment: the wall's report dialog in the comments' words. */
export default function CommentReport({ id, author }: { id: number; author: string }) {
  return (
    <ReportDialog
      testId="comment-report-button"
      send={(report) => reportComment(id, report)}
      words={{
        button: t('comments.report'),
        reported: t('comments.reported'),
        title: t('comments.reportTitle', { name: author }),
        why: t('comments.reportWhy'),
        reason: (reason) => ({ label: t(`comments.reason.${reason}`) }),
        note: t('comments.reportNote'),
        noteOptional: t('comments.reportNoteOptional'),
        choose: t('comments.reportChoose'),
        needsNote: t('comments.reportNeedsNote'),
        failed: t('comments.reportFailed'),
        thanks: t('comments.reportThanks'),
        send: t('comments.reportSend'),
        sending: t('comments.reportSending'),
        cancel: t('comments.cancel'),
        close: t('comments.close'),
      }}
    />
  );
}
