/** What the console shows for each HTTP status and for no response (bills.md §8, accounts §8), word for word. */
export const httpStatusText: Record<number, string> = {
  400: '请求错误',
  401: '您的登录信息已失效, 请重新登录',
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

export const networkErrorText = '网络连接失败,请检查网络链接!';
/** On the login call a 401 carrying this message is not toasted: it opens the change-password flow. */
export const changePasswordRequiredText = '请更改密码';
export const userInfoFailedText = '获取用户信息失败!';
