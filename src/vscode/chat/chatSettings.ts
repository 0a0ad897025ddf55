import type { ChatLimits } from '../../core/chat/chatSession';
import type { ChatOptions } from '../../shared/protocol';
import { tandemSetting } from '../settings';

/** A new chat's choices, from `tandem.chat.*`. */
export function chatDefaults(): ChatOptions {
  return {
    service: tandemSetting<string>('chat.service', 'B') === 'A' ? 'A' : 'B',
    model: tandemSetting('chat.model', 'beta-v4-flash'),
    thinking: tandemSetting('chat.thinking', true),
    reasoningEffort: tandemSetting<string>('chat.reasoningEffort', 'high') === 'max' ? 'max' : 'high',
    webSearch: tandemSetting('chat.webSearch', false),
  };
}

export function chatLimits(): ChatLimits {
  const raw = Number(tandemSetting('chat.maxToolIterations', 10));
  return {
    maxToolIterations: Number.isFinite(raw) ? Math.min(50, Math.max(1, Math.round(raw))) : 10,
    strictTools: tandemSetting('chat.strictTools', false),
  };
}
