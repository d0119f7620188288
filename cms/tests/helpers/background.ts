// The cms's background work (src/lib/background.ts), as the running cms sees it: loaded from dist, the copy
// Strapi runs, not a second one compiled from src by Vitest.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Core } from '@strapi/strapi';

type Background = {
  runInBackground(strapi: Core.Strapi, label: string, task: () => Promise<unknown>): Promise<void>;
  backgroundCount(strapi: Core.Strapi): number;
  backgroundIdle(strapi: Core.Strapi): Promise<void>;
};

// Read at each call: a cms that stops drops its code from the module cache (tests/helpers/strapi.ts), and the next
// boot loads it again, so the module the running cms uses is the one cached now.
const require = createRequire(import.meta.url);
const background = (): Background => require(path.resolve(__dirname, '..', '..', 'dist', 'src', 'lib', 'background.js'));

export const runInBackground: Background['runInBackground'] = (strapi, label, task) => background().runInBackground(strapi, label, task);
export const backgroundCount: Background['backgroundCount'] = (strapi) => background().backgroundCount(strapi);
export const backgroundIdle: Background['backgroundIdle'] = (strapi) => background().backgroundIdle(strapi);
