// The builder's model for "How people answer": layout and save_progress are written only when they differ
// from the defaults (classic, kept), every result passes publish's own check, and a choice that changes
// nothing gives the same definition back (so it adds no undo step).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkDefinition } from '../../shared/definition/check.ts';
import type { FormDefinition } from '../../shared/definition/schema.ts';
import * as m from '../../client/admin/builder/model/index.ts';

const blank = (): FormDefinition => ({
  id: 'f',
  title: 'F',
  submit: { label: 'Send' },
  fields: [{ key: 'name', type: 'text', label: 'Name' }],
});
const passes = (def: FormDefinition) => assert.not.ok('problems' in checkDefinition(def), JSON.stringify(def));

const t = suite('builder model: how people answer');
t('one question per screen is written; classic, the default, removes the property', () => {
  const def = blank();
  assert.is(m.layoutOf(def), 'classic');
  const one = m.setLayout(def, 'one_per_screen');
  assert.is(one.layout, 'one_per_screen');
  assert.is(m.layoutOf(one), 'one_per_screen');
  passes(one);
  const back = m.setLayout(one, 'classic');
  assert.equal(back, def);
  assert.not.ok('layout' in back, 'no "layout": "classic" in the definition');
  // Written by hand in the JSON view: read as classic, and removed when chosen again.
  const explicit = { ...def, layout: 'classic' as const };
  assert.is(m.layoutOf(explicit), 'classic');
  assert.not.ok('layout' in m.setLayout(explicit, 'classic'));
});
t('keeping answers is the default; only false is written', () => {
  const def = blank();
  assert.is(m.keepsProgress(def), true);
  const off = m.setKeepProgress(def, false);
  assert.is(off.save_progress, false);
  assert.is(m.keepsProgress(off), false);
  passes(off);
  const on = m.setKeepProgress(off, true);
  assert.equal(on, def);
  assert.not.ok('save_progress' in on, 'no "save_progress": true in the definition');
  assert.not.ok('save_progress' in m.setKeepProgress({ ...def, save_progress: true }, true));
});
t('a choice that changes nothing gives the same definition back', () => {
  const def = blank();
  assert.is(m.setLayout(def, 'classic'), def);
  assert.is(m.setKeepProgress(def, true), def);
  const set = m.setKeepProgress(m.setLayout(def, 'one_per_screen'), false);
  assert.is(m.setLayout(set, 'one_per_screen'), set);
  assert.is(m.setKeepProgress(set, false), set);
  // Each setting leaves the other alone.
  assert.is(m.setLayout(set, 'classic').save_progress, false);
  assert.is(m.setKeepProgress(set, true).layout, 'one_per_screen');
});
t.run();
