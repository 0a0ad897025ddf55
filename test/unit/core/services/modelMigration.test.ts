import assert from 'node:assert/strict';
import { isRetiredModel, migrateModelSetting, retiredModelError } from '../../../../src/core/services/modelMigration';

describe('migrateModelSetting', () => {
  it('Service B beta-chat → beta-v4-flash, thinking off, with an offline notice', () => {
    assert.deepEqual(migrateModelSetting('B', 'beta-chat'), {
      model: 'beta-v4-flash',
      thinking: false,
      notice: 'Service B model "beta-chat" went offline on 2026-07-24; switched to beta-v4-flash with thinking off.',
    });
  });

  it('Service B beta-reasoner → beta-v4-flash, thinking on', () => {
    assert.deepEqual(migrateModelSetting('B', 'beta-reasoner'), {
      model: 'beta-v4-flash',
      thinking: true,
      notice: 'Service B model "beta-reasoner" went offline on 2026-07-24; switched to beta-v4-flash with thinking on.',
    });
  });

  it('Service A earlier-generation ids → alpha-v2.5 (or -pro) with a retirement notice', () => {
    assert.deepEqual(migrateModelSetting('A', 'alpha-v2'), {
      model: 'alpha-v2.5',
      notice: 'Service A model "alpha-v2" was retired on 2026-06-30 and no longer works; switched to alpha-v2.5.',
    });
    assert.deepEqual(migrateModelSetting('A', 'alpha-v1.5-pro'), {
      model: 'alpha-v2.5-pro',
      notice: 'Service A model "alpha-v1.5-pro" was retired on 2026-06-30 and no longer works; switched to alpha-v2.5-pro.',
    });
    assert.equal(migrateModelSetting('A', 'alpha-v2-pro').model, 'alpha-v2.5-pro');
    assert.equal(migrateModelSetting('A', 'alpha-v1').model, 'alpha-v2.5');
  });

  it('an old speech id stays a speech model', () => {
    assert.equal(migrateModelSetting('A', 'alpha-v2-tts').model, 'alpha-v2.5-tts');
  });

  it('current ids pass through without notice', () => {
    for (const id of ['alpha-v2.5-pro', 'alpha-v2.5', 'alpha-v2.5-tts', 'alpha-v2.5-tts-voiceclone']) {
      assert.deepEqual(migrateModelSetting('A', id), { model: id });
    }
    for (const id of ['beta-v4-flash', 'beta-v4-pro']) {
      assert.deepEqual(migrateModelSetting('B', id), { model: id });
    }
    // Ids of the other service are not this service's business.
    assert.deepEqual(migrateModelSetting('B', 'alpha-v2'), { model: 'alpha-v2' });
    assert.deepEqual(migrateModelSetting('A', 'beta-chat'), { model: 'beta-chat' });
  });

  it('trims whitespace around a saved id', () => {
    assert.deepEqual(migrateModelSetting('B', ' beta-v4-pro '), { model: 'beta-v4-pro' });
    assert.equal(migrateModelSetting('B', ' beta-chat ').model, 'beta-v4-flash');
  });
});

describe('isRetiredModel / retiredModelError', () => {
  it('detects retired ids per service', () => {
    assert.equal(isRetiredModel('A', 'alpha-v2'), true);
    assert.equal(isRetiredModel('A', 'alpha-v2.5'), false);
    assert.equal(isRetiredModel('B', 'beta-reasoner'), true);
    assert.equal(isRetiredModel('B', 'beta-v4-pro'), false);
    assert.equal(isRetiredModel('B', 'constructor'), false);
  });

  it('builds a model_not_found error with the replacement as hint', () => {
    const a = retiredModelError('A', 'alpha-v1.5-pro');
    assert.equal(a.code, 'model_not_found');
    assert.equal(a.message, 'Service A model "alpha-v1.5-pro" was retired on 2026-06-30 and no longer works');
    assert.equal(a.hint, 'Choose alpha-v2.5-pro instead');
    const b = retiredModelError('B', 'beta-reasoner');
    assert.equal(b.message, 'Service B model "beta-reasoner" went offline on 2026-07-24 and no longer works');
    assert.equal(b.hint, 'Choose beta-v4-flash with thinking on instead');
  });
});
