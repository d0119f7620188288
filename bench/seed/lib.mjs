// Helpers for the bench dataset seeders: bulk inserts through Strapi's query engine (one statement per
// batch, inside one transaction) and link rows written straight into the relation's join table.
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** A small deterministic generator, so every machine seeds the same dataset. */
export function random(seed = 1) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

/** Inserts rows (attribute names, as in the content type) in batches; returns their ids, in order. */
export async function insertMany(strapi, uid, rows, { chunk = 5_000 } = {}) {
  const ids = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const { ids: created } = await strapi.db.query(uid).createMany({ data: rows.slice(i, i + chunk) });
    ids.push(...created);
  }
  if (ids.length !== rows.length || ids.some((id) => typeof id !== 'number')) {
    throw new Error(`${uid}: inserted ${rows.length} rows but got ${ids.length} ids back`);
  }
  return ids;
}

/**
 * Links rows of `uid` to targets through the join table of its relation `attribute`:
 * pairs are [sourceId, targetId]; order columns get 1, 2, … per source as Strapi writes them.
 */
export async function link(strapi, uid, attribute, pairs, { chunk = 5_000 } = {}) {
  const joinTable = strapi.db.metadata.get(uid).attributes[attribute]?.joinTable;
  if (!joinTable) throw new Error(`${uid}.${attribute} has no join table`);
  const perSource = new Map();
  const perTarget = new Map();
  const rows = pairs.map(([source, target]) => {
    const row = { [joinTable.joinColumn.name]: source, [joinTable.inverseJoinColumn.name]: target };
    const own = (perSource.get(source) ?? 0) + 1;
    perSource.set(source, own);
    const other = (perTarget.get(target) ?? 0) + 1;
    perTarget.set(target, other);
    if (joinTable.orderColumnName) row[joinTable.orderColumnName] = own;
    if (joinTable.inverseOrderColumnName) row[joinTable.inverseOrderColumnName] = other;
    return row;
  });
  const knex = strapi.db.connection;
  await knex.transaction(async (trx) => {
    for (let i = 0; i < rows.length; i += chunk) await trx.batchInsert(joinTable.name, rows.slice(i, i + chunk), 200);
  });
}

export const count = (strapi, uid, where = {}) => strapi.db.query(uid).count({ where });

const paragraph = (text) => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const heading = (text) => ({ type: 'heading', level: 2, children: [{ type: 'text', text }] });

const WORDS = (
  'ink line stanza river lamp window silence harvest monsoon letter orchard threshold ember salt tide ' +
  'mother city dusk bread rain archive lantern mirror sparrow ledger winter map door garden echo thread'
).split(' ');

/** A blocks-editor body of a few hundred words, as editors write articles. */
export function articleBody(rng, paragraphs = 6) {
  const sentence = () => {
    const words = Array.from({ length: rng.int(8, 18) }, () => rng.pick(WORDS));
    return `${words[0][0].toUpperCase()}${words.join(' ').slice(1)}.`;
  };
  const blocks = [];
  for (let p = 0; p < paragraphs; p++) {
    if (p === Math.floor(paragraphs / 2)) blocks.push(heading(`On ${rng.pick(WORDS)} and ${rng.pick(WORDS)}`));
    blocks.push(paragraph(Array.from({ length: rng.int(3, 6) }, sentence).join(' ')));
  }
  return blocks;
}

export const NAMES = {
  given: ['Asha', 'Layla', 'Tomás', 'Grace', 'Mei', 'Jonah', 'Aarav', 'Noor', 'Ife', 'Sofia', 'प्रिया', 'أحمد', 'Kenji', 'Zanele', 'Olga', 'Ravi'],
  family: ['Verse', 'Haddad', 'Rivera', 'Okafor', 'Tan', 'Marsh', 'Mehta', 'Rahman', 'Adeyemi', 'Rossi', 'शर्मा', 'الحسن', 'Sato', 'Dlamini', 'Ivanova', 'Iyer'],
};

/** A module of the built cms (cms/dist), e.g. `src/lib/contest-calendar.js`. */
export const cmsModule = (cmsDir, path) => createRequire(join(cmsDir, 'package.json'))(`./dist/${path}`);

/** `length` lowercase hex digits from the generator (file keys, hashes). */
export const hex = (rng, length) => Array.from({ length }, () => '0123456789abcdef'[rng.int(0, 15)]).join('');

/** A short poem of `lines` lines from the word list. */
export function poemText(rng, lines = 12) {
  return Array.from({ length: lines }, () => Array.from({ length: rng.int(4, 9) }, () => rng.pick(WORDS)).join(' ')).join('\n');
}
