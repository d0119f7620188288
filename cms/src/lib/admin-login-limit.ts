/** The panel's login limit (Strapi's own, per address and email): its window also answers its 429's Retry-After. */
export const ADMIN_LOGIN_LIMIT = { max: 5, windowMinutes: 5 };
