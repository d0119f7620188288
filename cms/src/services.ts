// The one typed lookup of our services (the way strapi-plugin-comments types getPluginService): each
// service UID maps to what its factory returns, so a wrong UID or method name does not compile and the
// imports below show which domain depends on which.
import type { Core } from '@strapi/strapi';
import type articleAdminArticle from './api/article/services/admin-article';
import type article from './api/article/services/article';
import type authMail from './api/auth-mail/services/auth-mail';
import type certificate from './api/certificate/services/certificate';
import type contactMessageAdminContacts from './api/contact-message/services/admin-contacts';
import type contactMessage from './api/contact-message/services/contact-message';
import type contest from './api/contest/services/contest';
import type earningEarnings from './api/earning/services/earnings';
import type earningWithdrawals from './api/earning/services/withdrawals';
import type emailReminder from './api/email-reminder/services/email-reminder';
import type entryAdminTable from './api/entry/services/admin-table';
import type entryAllowance from './api/entry/services/allowance';
import type entryCalendar from './api/entry/services/calendar';
import type entry from './api/entry/services/entry';
import type entryExtraction from './api/entry/services/extraction';
import type entryFiles from './api/entry/services/files';
import type faq from './api/faq/services/faq';
import type feedback from './api/feedback/services/feedback';
import type leaderboard from './api/leaderboard/services/leaderboard';
import type notificationLive from './api/notification/services/live';
import type notification from './api/notification/services/notification';
import type originality from './api/originality/services/originality';
import type page from './api/page/services/page';
import type paymentSetting from './api/payment-setting/services/payment-setting';
import type paymentCoupons from './api/payment/services/coupons';
import type paymentCredits from './api/payment/services/credits';
import type paymentGateway from './api/payment/services/gateway';
import type paymentOrders from './api/payment/services/orders';
import type paymentReceipts from './api/payment/services/receipts';
import type paymentRevenue from './api/payment/services/revenue';
import type paymentTiers from './api/payment/services/tiers';
import type paymentWebhook from './api/payment/services/webhook';
import type referral from './api/referral/services/referral';
import type resultJudges from './api/result/services/judges';
import type result from './api/result/services/result';
import type scoreAssignment from './api/score/services/assignment';
import type score from './api/score/services/score';
import type siteSettingAdminSettings from './api/site-setting/services/admin-settings';
import type siteSetting from './api/site-setting/services/site-setting';
import type testimonial from './api/testimonial/services/testimonial';
import type timer from './api/timer/services/timer';
import type userAdminUsers from './api/user/services/admin-users';
import type userContestActivity from './api/user/services/contest-activity';
import type userPicture from './api/user/services/picture';
import type user from './api/user/services/user';
import type visit from './api/visit/services/visit';
import type wallPostLimits from './api/wall-post/services/limits';
import type wallPostModeration from './api/wall-post/services/moderation';
import type wallPostPosts from './api/wall-post/services/posts';
import type wallPostReactions from './api/wall-post/services/reactions';
import type winnerPoem from './api/winner/services/poem';
import type winner from './api/winner/services/winner';

export interface Services {
  'api::article.admin-article': ReturnType<typeof articleAdminArticle>;
  'api::article.article': ReturnType<typeof article>;
  'api::auth-mail.auth-mail': ReturnType<typeof authMail>;
  'api::certificate.certificate': ReturnType<typeof certificate>;
  'api::contact-message.admin-contacts': ReturnType<typeof contactMessageAdminContacts>;
  'api::contact-message.contact-message': ReturnType<typeof contactMessage>;
  'api::contest.contest': ReturnType<typeof contest>;
  'api::earning.earnings': ReturnType<typeof earningEarnings>;
  'api::earning.withdrawals': ReturnType<typeof earningWithdrawals>;
  'api::email-reminder.email-reminder': ReturnType<typeof emailReminder>;
  'api::entry.allowance': ReturnType<typeof entryAllowance>;
  'api::entry.admin-table': ReturnType<typeof entryAdminTable>;
  'api::entry.calendar': ReturnType<typeof entryCalendar>;
  'api::entry.entry': ReturnType<typeof entry>;
  'api::entry.extraction': ReturnType<typeof entryExtraction>;
  'api::entry.files': ReturnType<typeof entryFiles>;
  'api::faq.faq': ReturnType<typeof faq>;
  'api::feedback.feedback': ReturnType<typeof feedback>;
  'api::leaderboard.leaderboard': ReturnType<typeof leaderboard>;
  'api::notification.live': ReturnType<typeof notificationLive>;
  'api::notification.notification': ReturnType<typeof notification>;
  'api::originality.originality': ReturnType<typeof originality>;
  'api::page.page': ReturnType<typeof page>;
  'api::payment-setting.payment-setting': ReturnType<typeof paymentSetting>;
  'api::payment.coupons': ReturnType<typeof paymentCoupons>;
  'api::payment.credits': ReturnType<typeof paymentCredits>;
  'api::payment.gateway': ReturnType<typeof paymentGateway>;
  'api::payment.orders': ReturnType<typeof paymentOrders>;
  'api::payment.receipts': ReturnType<typeof paymentReceipts>;
  'api::payment.revenue': ReturnType<typeof paymentRevenue>;
  'api::payment.tiers': ReturnType<typeof paymentTiers>;
  'api::payment.webhook': ReturnType<typeof paymentWebhook>;
  'api::referral.referral': ReturnType<typeof referral>;
  'api::result.judges': ReturnType<typeof resultJudges>;
  'api::result.result': ReturnType<typeof result>;
  'api::score.assignment': ReturnType<typeof scoreAssignment>;
  'api::score.score': ReturnType<typeof score>;
  'api::site-setting.admin-settings': ReturnType<typeof siteSettingAdminSettings>;
  'api::site-setting.site-setting': ReturnType<typeof siteSetting>;
  'api::testimonial.testimonial': ReturnType<typeof testimonial>;
  'api::timer.timer': ReturnType<typeof timer>;
  'api::user.admin-users': ReturnType<typeof userAdminUsers>;
  'api::user.contest-activity': ReturnType<typeof userContestActivity>;
  'api::user.picture': ReturnType<typeof userPicture>;
  'api::user.user': ReturnType<typeof user>;
  'api::visit.visit': ReturnType<typeof visit>;
  'api::wall-post.limits': ReturnType<typeof wallPostLimits>;
  'api::wall-post.moderation': ReturnType<typeof wallPostModeration>;
  'api::wall-post.posts': ReturnType<typeof wallPostPosts>;
  'api::wall-post.reactions': ReturnType<typeof wallPostReactions>;
  'api::winner.poem': ReturnType<typeof winnerPoem>;
  'api::winner.winner': ReturnType<typeof winner>;
}

export type ServiceUid = keyof Services;

/** The service registered under `uid`, typed by its factory. */
export function getService<U extends ServiceUid>(strapi: Core.Strapi, uid: U): Services[U] {
  return strapi.service(uid) as Services[U];
}
