// Where to go back to after logging in: only a path of this site ("/cuenta"), never another
// site ("//evil.example", "https://…", "/\evil.example").
export function safeRedirect(target: unknown): string | undefined {
  if (typeof target !== 'string') return undefined;
  return /^\/(?![/\\])[^\s\\]*$/.test(target) && target.length <= 2048 ? target : undefined;
}
