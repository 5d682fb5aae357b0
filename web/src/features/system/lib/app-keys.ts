// The app keys' scopes as the console names them (locales: system.appKeys.scope.*).
/** A scope's key in the texts: `devices:read` → `devices_read`. */
export function scopeKey(scope: string): string {
  return scope.replace(':', '_');
}
