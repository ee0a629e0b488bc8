/** What every operator command shares: how it reports a usage error, a refusal or a crash. */

/** Wrong command line: the usage text follows the message, exit code 2. */
export class UsageError extends Error {}

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a command's main and exits with its code. Refusals (the operator asked for something the
 * rules do not allow) print their message alone; anything else is reported as a failure.
 */
export function runCli(main: () => Promise<number>, usage: string, refusals: readonly ErrorClass[]): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`${error.message}\n\n${usage}`);
        process.exit(2);
      }
      const refused = refusals.some((kind) => error instanceof kind);
      console.error(refused && error instanceof Error ? error.message : `Failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
