// Shapes of the JSON the cms sends and the site reads. One definition, used on both sides.

export interface SiteSettings {
  contactEmail: string;
  whatsappNumbers: string[];
  socialLinks: { label: string; url: string }[];
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
}

/** What anyone may read about a user (GET /api/users/{uid}). */
export interface PublicUser {
  name: string | null;
  profilePictureUrl: string | null;
}
