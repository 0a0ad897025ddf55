// Wire types of the chat-completions format both services speak (docs/contracts.md#a-chat-request, docs/contracts.md#b-chat-request).
// Optional fields stay optional so the same types describe Service A and Service B payloads.

export type { ServiceId } from '../../shared/protocol';

type Role = 'system' | 'developer' | 'user' | 'assistant' | 'tool';

/** Service A accepts an array of content parts; their shape is "not shown", so we use the common one. */
export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } }
  | { type: 'input_audio'; input_audio: { data: string; format: string } }
  | { type: 'video_url'; video_url: { url: string } };

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatMessage {
  role: Role;
  content: string | ContentPart[] | null;
  name?: string;
  reasoning_content?: string | null;
  tool_calls?: ToolCall[] | null;
  tool_call_id?: string;
}

export interface FunctionTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean };
}

/** Service A's built-in search: `{type: "web_search"}` is the whole object. */
interface WebSearchTool {
  type: 'web_search';
}

export type Tool = FunctionTool | WebSearchTool;

export interface Annotation {
  title?: string;
  url?: string;
  site_name?: string;
  summary?: string;
  publish_time?: string;
  logo_url?: string;
  type?: string;
}

/** Usage of both services: A reports *_details and web_search_usage, B the prompt cache split. */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
  prompt_tokens_details?: { cached_tokens?: number; audio_tokens?: number; image_tokens?: number; video_tokens?: number } | null;
  prompt_cache_hit_tokens?: number;
  prompt_cache_miss_tokens?: number;
  web_search_usage?: { tool_usage?: number; page_usage?: number } | null;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'repetition_truncation' | (string & {});

interface AudioDelta {
  id?: string;
  data?: string;
  transcript?: string;
}

export interface ToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

export interface ChatChunk {
  id?: string;
  object?: 'chat.completion.chunk';
  created?: number;
  model?: string;
  choices: Array<{
    index: number;
    delta: {
      role?: 'assistant';
      content?: string | null;
      reasoning_content?: string | null;
      tool_calls?: ToolCallDelta[];
      audio?: AudioDelta | null;
    };
    finish_reason?: FinishReason | null;
    /** Voice design with optimize_text_preview; where a stream carries it is not shown, so any chunk may. */
    final_text_preview?: string;
  }>;
  annotations?: Annotation[];
  error_message?: string;
  usage?: Usage | null;
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: Array<{
    index: number;
    finish_reason: FinishReason;
    message: {
      role: 'assistant';
      content: string | null;
      reasoning_content?: string | null;
      tool_calls?: ToolCall[] | null;
      annotations?: Annotation[];
      audio?: { id: string; data: string } | null;
    };
    final_text_preview?: string;
  }>;
  error_message?: string;
  usage?: Usage;
  system_fingerprint?: string;
}
