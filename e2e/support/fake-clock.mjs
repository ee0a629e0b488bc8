// Test-only, loaded with `node --import` into a server the test starts itself: moves that process's
// clock FAKE_CLOCK_OFFSET_MS ahead (like libfaketime), so "later" can be reached without waiting.
// Nothing in the product reads this; the product's own code runs unchanged on the shifted clock.
const offset = Number(process.env.FAKE_CLOCK_OFFSET_MS ?? 0);
if (Number.isFinite(offset) && offset !== 0) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(realNow() + offset);
      else super(...args);
    }
    static now() {
      return realNow() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
