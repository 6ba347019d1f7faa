// The one error a bad setting gives: it names the setting and says what is wrong with it, never the
// setting's value (it is shown to anyone who opens the site, and logged: a URL, a key, a host may be private).
export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    problem: string,
  ) {
    super(`Configuration error: ${setting} ${problem}. See .dev.vars.example and docs/configuration.md.`);
  }
}
