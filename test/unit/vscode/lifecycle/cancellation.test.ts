import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { signalFromToken } from '../../../../src/vscode/lifecycle/cancellation';

/** A cancellation token the test cancels by hand, counting its live listeners. */
function fakeToken() {
  const live = new Set<() => unknown>();
  const token = {
    isCancellationRequested: false,
    onCancellationRequested: (listener: () => unknown) => {
      live.add(listener);
      return { dispose: () => live.delete(listener) };
    },
  } as unknown as vscode.CancellationToken;
  const cancel = () => [...live].forEach((listener) => listener());
  return { token, live, cancel };
}

describe('signalFromToken', () => {
  it('aborts the signal when the token is cancelled', () => {
    const { token, cancel } = fakeToken();
    const { signal } = signalFromToken(token);
    assert.equal(signal.aborted, false);
    cancel();
    assert.equal(signal.aborted, true);
  });

  it('stops listening to the token once disposed', () => {
    const { token, live, cancel } = fakeToken();
    const linked = signalFromToken(token);
    assert.equal(live.size, 1);
    linked.dispose();
    assert.equal(live.size, 0);
    cancel();
    assert.equal(linked.signal.aborted, false);
  });
});
