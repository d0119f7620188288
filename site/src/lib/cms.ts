// Build-time reads from the cms (Astro pages run this in Node while building static HTML).
import type { SiteSettings, Testimonial } from '@writory/shared';

const cmsUrl = () => process.env.CMS_URL ?? 'http://127.0.0.1:1337';

async function cmsGet<T>(path: string): Promise<T> {
  const res = await fetch(`${cmsUrl()}/api${path}`);
  if (!res.ok) throw new Error(`cms ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

let settings: Promise<SiteSettings> | undefined;
export const siteSettings = () => (settings ??= cmsGet<SiteSettings>('/site-settings'));
export const testimonials = () => cmsGet<Testimonial[]>('/testimonials');
