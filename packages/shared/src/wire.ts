import type { Locale } from './locales.ts';
// Shapes of the JSON the cms sends and the site reads. One definition, used on both sides.

export interface SiteSettings {
  contactEmail: string;
  whatsappNumbers: string[];
  socialLinks: { label: string; url: string }[];
  /** The hero counters' numbers while the live counts cannot be read (set on /admin-settings). */
  counterFallback: { poets: number; pieces: number };
}

export interface Testimonial {
  id: string;
  name: string;
  message: string;
  title: string | null;
  age: number | null;
  location: string | null;
  /** Both spellings occur in the spec's data; the cms sends both. */
  profile_picture: string | null;
  profilePicture: string | null;
}

export interface Count {
  count: number;
}

/** Every 4xx/5xx from our own controllers has this body. */
export interface ApiErrorBody {
  error: { status: number; name: string; message: string; details?: unknown };
}

export type RoleType = 'authenticated' | 'judge' | 'moderator' | 'admin';

/** The signed-in poet as the cms knows them (POST /api/users, GET /api/users/me). */
export interface ProductUser {
  uid: string;
  email: string;
  name: string | null;
  phone: string | null;
  profilePictureUrl: string | null;
  emailVerified: boolean;
  dateOfBirth: string | null;
  role: RoleType;
  isAdmin: boolean;
  /** The language the person reads Writory in (emails, notifications, the cms's messages); `en` until they choose. Always sent by the cms. */
  locale?: Locale;
}

/** What anyone may read about a user (GET /api/users/{uid}). */
export interface PublicUser {
  name: string | null;
  profilePictureUrl: string | null;
}

export interface ArticleSummary {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  publishedAt: string;
  updatedAt: string;
  cover: { url: string; alt: string; width?: number; height?: number } | null;
  tags: { name: string; slug: string }[];
  readingMinutes: number;
}

export interface ArticleDetail extends ArticleSummary {
  /** Strapi blocks editor content. */
  body: unknown[];
}

export interface ArticlePage<A extends ArticleSummary = ArticleSummary> {
  articles: A[];
  pagination: { page: number; pageSize: number; total: number; pageCount: number };
}

export interface Faq {
  id: string;
  question: string;
  answer: string;
  keywords: string;
}

export interface ContentPage {
  slug: 'about' | 'terms' | 'privacy';
  title: string;
  intro: string;
  body: unknown[];
  updatedAt: string;
}

/** GET /api/admin/whoami: the admin guard's probe. */
export interface AdminWhoami {
  uid: string;
  email: string;
  role: RoleType;
}
