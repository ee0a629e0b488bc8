/**
 * "Now" for the editor: the schedule window and the scheduler read it here, so tests set a time
 * instead of waiting for one (and never depend on the time of day).
 */
export const editorClock = {
  now: (): Date => new Date(),
};
