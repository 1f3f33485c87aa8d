// What an OpenAI-compatible server answered, read the same way whatever the server: OpenAI, Azure OpenAI,
// Ollama, llama.cpp's server, vLLM, LM Studio. They differ in the details of a chat completion:
// - tool calls come as OpenAI's `tool_calls` array, or as the legacy single `function_call`;
// - a call's `arguments` are a JSON string (OpenAI), an object (some local servers), a string with
//   whitespace or a Markdown code fence around it, or a JSON string of a JSON string;
// - a call may have no `id` (it is given one here) or no `type`;
// - `content` is a string, null, "" or an array of text parts, and some models put their reasoning in it
//   between <think> tags;
// - `finish_reason` is "tool_calls" or "stop" with the same calls present (the calls are what count).
// What is unambiguous is read; what is not (a reply cut off by its length or a content filter, a tool call
// written as text because the server did not parse it, a call without a name, content of another type) is
// an UnusableReply, and the engine answers with the extractive engine instead. Nothing else of the
// response is read: no usage, logprobs, refusal, system fingerprint or other OpenAI-only field.

/** A tool call as the engine reads it. `arguments` is null when the server's arguments could not be read. */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown> | null;
}

export interface ModelReply {
  /** The visitor-facing text, trimmed; "" when there is none. */
  text: string;
  calls: ModelToolCall[];
}

/** The server's reply cannot be read without guessing; the engine falls back. */
export class UnusableReply extends Error {
  override readonly name = 'UnusableReply';
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reasoning a model writes before its answer (DeepSeek R1, Qwen 3 and others, when the server leaves it in). */
const THINKING = /<think(?:ing)?>[\s\S]*?<\/think(?:ing)?>/gi;
/** An opening tag with no end: the model was still reasoning when it stopped, so there is no answer. */
const UNCLOSED_THINKING = /<think(?:ing)?>[\s\S]*$/i;

/**
 * Markers of a tool call written as text: Hermes/Qwen `<tool_call>`, Llama's `<|python_tag|>`, Mistral's
 * `[TOOL_CALLS]`, `<function=…>`, DeepSeek's call tokens, chat-template tokens. A server that does not parse the model's
 * tool calls (llama.cpp without --jinja, vLLM without a tool parser) passes them on as content.
 */
const TOOL_CALL_MARKUP =
  /<\/?tool_calls?>|<\|python_tag\|>|\[TOOL_CALLS\]|<function[=\s>]|<[|｜]tool[_▁]calls?[_▁](?:begin|start)|<\|(?:start|im_start)\|>/i;

/** A Markdown code fence around the whole text (```json … ```), taken off. */
function unfenced(text: string): string {
  const fenced = /^```[\w-]*\s*\n?([\s\S]*?)\n?\s*```$/.exec(text.trim());
  return (fenced ? fenced[1]! : text).trim();
}

/** Text that is a JSON object or array (possibly fenced): a call or structured output, never an answer. */
function isJsonText(text: string): boolean {
  const inner = unfenced(text);
  if (!/^[[{]/.test(inner)) return false;
  try {
    JSON.parse(inner);
    return true;
  } catch {
    // Not JSON after all, but a reply that opens with `{"name":` is a call the server did not parse.
    return /^\{\s*"(?:name|function|tool|arguments|parameters)"\s*:/.test(inner);
  }
}

/** The reply's text, without reasoning: a string, or the text parts of an array; null and absent are "". */
export function contentText(content: unknown): string {
  let text: string;
  if (content === null || content === undefined) text = '';
  else if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) {
    const parts: string[] = [];
    for (const part of content) {
      if (typeof part === 'string') parts.push(part);
      else if (
        isObject(part) &&
        (part.type === 'text' || part.type === undefined) &&
        typeof part.text === 'string'
      )
        parts.push(part.text);
      else if (isObject(part) && (part.type === 'reasoning' || part.type === 'thinking')) continue;
      else throw new UnusableReply('the reply has content parts that are not text');
    }
    text = parts.join('');
  } else throw new UnusableReply(`the reply's content is a ${typeof content}`);
  return text.replace(THINKING, '').replace(UNCLOSED_THINKING, '').trim();
}

/**
 * A call's arguments as an object: the object itself, or the JSON text of one (trimmed, out of a code
 * fence, decoded twice when it was encoded twice). Empty text is no arguments. null when unreadable.
 */
export function readArguments(raw: unknown): Record<string, unknown> | null {
  if (raw === undefined || raw === null) return {};
  if (isObject(raw)) return raw;
  if (typeof raw !== 'string') return null;
  let value: unknown = unfenced(raw);
  for (let depth = 0; depth < 2 && typeof value === 'string'; depth++) {
    if ((value as string).trim() === '') return {};
    try {
      value = JSON.parse(value as string);
    } catch {
      return null;
    }
  }
  return isObject(value) ? value : null;
}

function readCall(raw: unknown, index: number): ModelToolCall | null {
  if (!isObject(raw)) throw new UnusableReply('a tool call is not an object');
  // Another kind of tool (OpenAI's `custom`) is none of the engine's: it is left out.
  if (raw.type !== undefined && raw.type !== 'function') return null;
  const fn = isObject(raw.function) ? raw.function : raw;
  if (typeof fn.name !== 'string' || fn.name.trim() === '')
    throw new UnusableReply('a tool call has no name');
  const id = typeof raw.id === 'string' && raw.id.trim() !== '' ? raw.id : `call_${index}`;
  return { id, name: fn.name.trim(), arguments: readArguments(fn.arguments) };
}

/** The tool calls of a message: `tool_calls`, else the legacy `function_call`; each with its own id. */
function readCalls(message: Json): ModelToolCall[] {
  const calls: ModelToolCall[] = [];
  const { tool_calls: toolCalls, function_call: functionCall } = message;
  if (toolCalls !== undefined && toolCalls !== null) {
    if (!Array.isArray(toolCalls)) throw new UnusableReply('tool_calls is not a list');
    toolCalls.forEach((raw, index) => {
      const call = readCall(raw, index);
      if (call) calls.push(call);
    });
  }
  if (calls.length === 0 && functionCall !== undefined && functionCall !== null) {
    const call = readCall({ function: functionCall }, 0);
    if (call) calls.push(call);
  }
  // Ids must tell the calls apart: the tool results go back by id.
  const seen = new Set<string>();
  return calls.map((call, index) => {
    const id = seen.has(call.id) ? `${call.id}_${index}` : call.id;
    seen.add(id);
    return { ...call, id };
  });
}

/**
 * The first choice of a chat completion, read (see the top of this file). Throws UnusableReply when there
 * is no choice, the reply was cut off (`length`) or filtered (`content_filter`), or its text is a tool call
 * or JSON the server did not turn into a call.
 */
export function readReply(completion: unknown): ModelReply {
  const choices = isObject(completion) ? completion.choices : undefined;
  const choice: unknown = Array.isArray(choices) ? choices[0] : undefined;
  if (!isObject(choice) || !isObject(choice.message)) throw new UnusableReply('the model returned no choice');
  if (choice.finish_reason === 'length' || choice.finish_reason === 'content_filter')
    throw new UnusableReply(`the reply stopped early (${String(choice.finish_reason)})`);
  const calls = readCalls(choice.message);
  const text = contentText(choice.message.content);
  if (text && (TOOL_CALL_MARKUP.test(text) || isJsonText(text)))
    throw new UnusableReply('the reply is a tool call or JSON written as text');
  return { text, calls };
}

/**
 * The model's own turn as it goes back with the tools' results, in OpenAI's form whatever the server
 * sent: `tool_calls` with ids and JSON-string arguments, no text.
 */
export function assistantTurn(calls: readonly ModelToolCall[]) {
  return {
    role: 'assistant' as const,
    content: null,
    tool_calls: calls.map((call) => ({
      id: call.id,
      type: 'function' as const,
      function: { name: call.name, arguments: JSON.stringify(call.arguments ?? {}) },
    })),
  };
}
