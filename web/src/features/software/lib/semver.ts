// Semantic versioning 2.0.0 as the server reads it (iotyun/software/semver_text.py): semver.org's own pattern,
// MAJOR.MINOR.PATCH with an optional pre-release and build metadata, no leading "v" and no leading zeros.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

export function isSemver(text: string, maxLength: number): boolean {
  return text.length > 0 && text.length <= maxLength && SEMVER.test(text);
}
