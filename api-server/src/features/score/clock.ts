/**
 * The score features' clock: "today" for the score, the history, the rank and the rights. The score
 * feature decorates the app with it, so a test pins any instant with `app.scoreClock.now = () => …`.
 */
export interface ScoreClock {
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    scoreClock: ScoreClock;
  }
}

export const systemClock = (): ScoreClock => ({ now: () => new Date() });
