import type { ThemeConfig } from 'antd';

/** Text colours that read at least 4.5:1 on white and on the grey page and disabled backgrounds. */
const GREY_TEXT = 'rgba(0, 0, 0, 0.56)';

/**
 * The one antd theme of the product: the remotes render inside the host's ConfigProvider, so it
 * reaches every screen. antd's default look, with each colour that falls short of WCAG 2.1 AA
 * contrast for text (4.5:1) made just dark enough, mostly to a darker step of antd's own palette.
 * The host's antd-free login and home styles (pages/login/login.css, pages/home-page.css) copy these
 * values.
 */
export const APP_THEME: ThemeConfig = {
  token: {
    // Links, selected menu items, primary buttons: antd's #1677ff reads 4.1:1 on white, this 5.2:1.
    colorPrimary: '#1668dc',
    colorInfo: '#1668dc',
    colorLink: '#1668dc',
    // A link under the pointer: antd derives a lighter blue (#69b1ff, 2.3:1 on a hovered table row's
    // #fafafa); a darker step instead (antd's blue-7, 5.9:1 on #fafafa), so pointing at a link never fades it.
    colorLinkHover: '#0958d9',
    // A primary button under the pointer: antd derives #3c8ae8 (3.5:1 under its white text); the same
    // darker step, so a hovered or just-clicked button keeps a readable label.
    colorPrimaryHover: '#0958d9',
    colorPrimaryTextHover: '#0958d9',
    // Texts in the status colours (删除, Typography, Progress, status tags): antd's red-7, green-8, orange-8.
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    // Their light backgrounds and borders stay antd's (derived from the darker colours they turn grey).
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    // Secondary, placeholder and description texts: antd's 0.45 / 0.25 black read 3.4:1 / 1.9:1.
    colorTextTertiary: GREY_TEXT,
    colorTextQuaternary: GREY_TEXT,
    colorTextPlaceholder: GREY_TEXT,
    colorTextDescription: GREY_TEXT,
  },
  components: {
    // Preset tags write their text in the colour's 7th step on its 1st: these two fall short.
    Tag: { green7: '#237804', orange7: '#ad4e00' },
  },
};
