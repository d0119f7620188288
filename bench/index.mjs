// Every benchmark, in the order a full run takes them (the cms runs in production mode until a benchmark
// needs signed-in users). Add a capability's benchmark here.
import pages from './pages.mjs';
import lighthouse from './lighthouse.mjs';
import staticHtml from './static-html.mjs';
import api from './api.mjs';
import polling from './polling.mjs';
import rebuild from './rebuild.mjs';

export const BENCHMARKS = [pages, lighthouse, staticHtml, api, polling, rebuild];
