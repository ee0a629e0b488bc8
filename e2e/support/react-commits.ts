/**
 * A page script (for `page.addInitScript`) that counts React's commits and the long tasks from the
 * first script on: it stands in for the React devtools hook, whose `onCommitFiberRoot` React calls
 * once per commit. Read the figures with `page.evaluate('window.__loadStats')` (LoadStats).
 * Each commit also records when it happened and the names of the components that rendered in it
 * (as the devtools do: a component rendered when its fiber performed work; a subtree React did not
 * clone was not rendered), to tell what made a commit.
 */
export const COMMIT_COUNTER = `
  window.__loadStats = { commits: 0, longTasks: 0, longMs: 0, log: [] };
  (() => {
    const nameOf = (fiber) => {
      const type = fiber.type;
      if (!type || typeof type === 'string') return null;
      return type.displayName || type.name || (type.render && (type.render.displayName || type.render.name)) || null;
    };
    // Where a rendered component is on the page: its first element's tag and class.
    const placeOf = (fiber) => {
      for (let node = fiber; node; node = node.child) {
        if (typeof node.type === 'string') return node.type + (node.stateNode && typeof node.stateNode.className === 'string' && node.stateNode.className ? '.' + node.stateNode.className.split(' ')[0] : '');
      }
      return '';
    };
    const rendered = (root) => {
      const names = [];
      const walk = (fiber, depth) => {
        for (let node = fiber; node; node = node.sibling) {
          const before = node.alternate;
          const performed = (node.flags & 1) === 1 && (!before || before.memoizedProps !== node.memoizedProps || before.memoizedState !== node.memoizedState);
          const name = performed ? nameOf(node) : null;
          if (name && names.length < 40) names.push(name + '@' + placeOf(node));
          // A child list React did not clone was not rendered this time.
          if (node.child && !(before && before.child === node.child)) walk(node.child, depth + 1);
        }
      };
      walk(root.current.child, 0);
      return names;
    };
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers: new Map(), supportsFiber: true, isDisabled: false,
      inject(renderer) { const id = this.renderers.size + 1; this.renderers.set(id, renderer); return id; },
      onCommitFiberRoot(_id, root) {
        window.__loadStats.commits += 1;
        try { window.__loadStats.log.push({ at: Math.round(performance.now()), rendered: rendered(root) }); } catch (error) { window.__loadStats.log.push({ at: Math.round(performance.now()), rendered: [String(error)] }); }
      },
      onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
    };
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) { window.__loadStats.longTasks += 1; window.__loadStats.longMs += entry.duration; } })
      .observe({ type: 'longtask', buffered: true });
  })();
`;

/** What COMMIT_COUNTER gathers. */
export interface LoadStats {
  commits: number;
  longTasks: number;
  longMs: number;
  /** Each commit: ms since the navigation began, and the components that rendered in it. */
  log: { at: number; rendered: string[] }[];
}
