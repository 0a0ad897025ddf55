import type { ChatLimits } from '../../core/chat/chatSession';
import type { ChatOptions } from '../../shared/protocol';
import { clampSetting, enumSetting, settingDefault } from '../../core/config/settingsCatalog';
import { tandemSetting } from '../config/settings';

/** A new chat's choices, from `tandem.chat.*`. */
export function chatDefaults(): ChatOptions {
  return {
    service: enumSetting('chat.service', tandemSetting('chat.service')),
    model: tandemSetting('chat.model'),
    thinking: tandemSetting('chat.thinking'),
    reasoningEffort: enumSetting('chat.reasoningEffort', tandemSetting('chat.reasoningEffort')),
    webSearch: tandemSetting('chat.webSearch'),
  };
}

export function chatLimits(): ChatLimits {
  const raw = Number(tandemSetting('chat.maxToolIterations'));
  return {
    maxToolIterations: Number.isFinite(raw) ? clampSetting('chat.maxToolIterations', raw) : settingDefault('chat.maxToolIterations'),
    strictTools: tandemSetting('chat.strictTools'),
  };
}
