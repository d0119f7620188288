// Every page renders in the locale its URL names (/hi/…, /ar/…, English otherwise): t() and the formatting
// helpers read it while the page and its islands render.
import { defineMiddleware } from 'astro:middleware';
import { localeOfPath } from './i18n/paths';
import { renderInLocale } from './i18n/server';

export const onRequest = defineMiddleware((context, next) => renderInLocale(localeOfPath(context.url.pathname), () => next()));
