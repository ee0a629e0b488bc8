/** User-visible texts of the error catalogue (docs/product.md §8), word for word. */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: '请求错误',
  401: '未授权，请登录',
  403: '拒绝访问',
  404: '请求地址出错',
  408: '请求超时',
  500: '服务器内部错误',
  501: '服务未实现',
  502: '网关错误',
  503: '服务不可用',
  504: '网关超时',
  505: 'HTTP版本不受支持',
};

export const UNKNOWN_ERROR_MESSAGE = '未知错误';

export function httpStatusMessage(status: number): string {
  return HTTP_STATUS_MESSAGES[status] ?? UNKNOWN_ERROR_MESSAGE;
}

export const ERROR_MESSAGES = {
  TOKEN_EXPIRED: '登录已过期，请重新登录',
  SETUP: '请求错误',
  NETWORK: '网络错误，请检查网络',
  TIMEOUT: '请求超时',
  CANCELED: '请求已取消',
} as const;
