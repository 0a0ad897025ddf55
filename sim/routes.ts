// The endpoint table of both services: path → method → handler.
import type { RequestContext } from './requestContext';
import { handleFim } from './fimEndpoint';
import { handleChatA } from './serviceA';
import { handleBalanceB, handleChatB, handleModelsB } from './serviceB';

export type Handler = (ctx: RequestContext) => Promise<void>;

export type RouteTable = Readonly<Record<string, Readonly<Record<string, Handler>>>>;

export const ROUTES_A: RouteTable = {
  '/v1/chat/completions': { POST: handleChatA },
};

export const ROUTES_B: RouteTable = {
  '/chat/completions': { POST: (ctx) => handleChatB(ctx, false) },
  // Strict tool mode (docs/contracts.md#b-strict-beta) is the only difference of the /beta chat path.
  '/beta/chat/completions': { POST: (ctx) => handleChatB(ctx, true) },
  '/beta/completions': { POST: handleFim },
  '/models': { GET: handleModelsB },
  '/user/balance': { GET: handleBalanceB },
};
