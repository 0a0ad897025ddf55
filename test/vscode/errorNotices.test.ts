import * as assert from 'node:assert/strict';
import { retiredModelError } from '../../src/core/services/modelMigration';
import { ServiceError } from '../../src/core/errors/serviceError';
import { CompletionNotices } from '../../src/vscode/completion/completionNotices';
import { fixButtonLabels, showServiceError, type NoticeUi } from '../../src/vscode/errors/errorNotice';

/** A notice UI that records what was shown and clicks the first button, as a user fixing it would. */
function clickingUi(): NoticeUi & { shown: Array<{ message: string; buttons: string[] }>; ran: unknown[][] } {
  const ui = {
    shown: [] as Array<{ message: string; buttons: string[] }>,
    ran: [] as unknown[][],
    show: async (message: string, ...buttons: string[]) => {
      ui.shown.push({ message, buttons });
      return buttons[0];
    },
    run: async (command: string, ...args: unknown[]) => {
      ui.ran.push([command, ...args]);
    },
  };
  return ui;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('error notices render from the one error mapping', () => {
  it('model_not_found in read aloud opens tandem.speech.model, not the base URL', async () => {
    const ui = clickingUi();
    const error = new ServiceError({
      service: 'A',
      code: 'model_not_found',
      message: 'Service A returned HTTP 404 (model_not_found)',
    });
    await showServiceError(error, 'speech', 'Nothing is playing now.', ui);
    assert.deepEqual(
      ui.shown.map((s) => s.buttons),
      [['Choose Model']],
    );
    assert.match(ui.shown[0].message, /^Tandem: Service A: .*tandem\.speech\.model.* Nothing is playing now\.$/);
    assert.deepEqual(ui.ran, [['workbench.action.openSettings', 'tandem.speech.model']]);
  });

  it("a wrong key notice sets that service's key", async () => {
    const ui = clickingUi();
    await showServiceError(
      new ServiceError({ service: 'B', code: 'invalid_api_key', message: 'Service B returned HTTP 401' }),
      'connection',
      undefined,
      ui,
    );
    assert.deepEqual(ui.ran, [['tandem.setApiKey', 'B']]);
  });

  it("labels the chat's fix buttons from the notifications' table", async () => {
    const ui = clickingUi();
    await showServiceError(
      new ServiceError({ service: 'B', code: 'invalid_api_key', message: 'Service B returned HTTP 401' }),
      'connection',
      undefined,
      ui,
    );
    const labels = fixButtonLabels();
    assert.deepEqual(ui.shown[0].buttons, [labels.setKeyB]);
    assert.equal(labels.setKeyA, 'Set Service A Key');
    assert.equal(labels.retry, 'Retry');
  });

  it('a completion on a retired model gets one notice that opens tandem.completion.model', async () => {
    const ui = clickingUi();
    let now = 0;
    const notices = new CompletionNotices(ui, () => now);
    const error = retiredModelError('B', 'beta-chat');
    assert.equal(notices.report(error), 'unknown_model');
    now += 60_000;
    assert.equal(notices.report(error), undefined, 'throttled: one notice per kind per window');
    await settle();
    assert.equal(ui.shown.length, 1);
    assert.match(ui.shown[0].message, /^Tandem completions: .*tandem\.completion\.model/);
    assert.deepEqual(ui.ran, [['workbench.action.openSettings', 'tandem.completion.model']]);
  });
});
