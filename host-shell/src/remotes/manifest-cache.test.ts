import { onFirstActivity } from './manifest-cache';

describe('onFirstActivity', () => {
  it('waits for someone to use the page, then runs once', () => {
    const target = new EventTarget() as unknown as Window;
    const work = jest.fn();
    onFirstActivity(work, target);
    target.dispatchEvent(new Event('scroll'));
    expect(work).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('pointermove'));
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('pointerdown'));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('a key press counts as well as a pointer', () => {
    const target = new EventTarget() as unknown as Window;
    const work = jest.fn();
    onFirstActivity(work, target);
    target.dispatchEvent(new Event('keydown'));
    expect(work).toHaveBeenCalledTimes(1);
  });
});
