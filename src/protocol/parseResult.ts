/** What a check of an incoming message gives: the message, or one line saying what was wrong. No zod here: the response webview checks without it. */
export type ParseResult<T> = { ok: true; message: T } | { ok: false; error: string };
