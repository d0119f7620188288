// The cms's background work (src/lib/background.ts), as the running cms sees it: loaded from dist, the copy
// Strapi runs, not a second one compiled from src by Vitest.
import type { Core } from '@strapi/strapi';
import { cmsModules } from './strapi';

type Background = {
  runInBackground(strapi: Core.Strapi, label: string, task: () => Promise<unknown>): Promise<void>;
  backgroundCount(strapi: Core.Strapi): number;
  backgroundIdle(strapi: Core.Strapi): Promise<void>;
};

// The copy the given cms loaded as it booted: a cms that stops drops its code from the module cache and the next boot
// loads it again (tests/helpers/strapi.ts), so each cms has its own.
function background(strapi: Core.Strapi): Background {
  const modules = cmsModules.get(strapi);
  if (!modules) throw new Error('backgroundIdle and friends need a cms booted by startTestCms (tests/helpers/strapi.ts)');
  return modules.background as Background;
}

export const runInBackground: Background['runInBackground'] = (strapi, label, task) => background(strapi).runInBackground(strapi, label, task);
export const backgroundCount: Background['backgroundCount'] = (strapi) => background(strapi).backgroundCount(strapi);
export const backgroundIdle: Background['backgroundIdle'] = (strapi) => background(strapi).backgroundIdle(strapi);
