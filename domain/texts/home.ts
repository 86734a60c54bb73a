/** Texts of the home page (accounts-and-enterprise.md §2 Home). All wording is ours. */
export const homeText = {
  greeting: (hour: number) => (hour < 6 ? '凌晨好' : hour < 12 ? '上午好' : hour < 14 ? '中午好' : hour < 18 ? '下午好' : '晚上好'),
  welcome: '欢迎使用跨境电商通关企业端',
  weekdays: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const,
  /** Monday first (§2) */
  calendarHead: ['一', '二', '三', '四', '五', '六', '日'] as const,
  monthTitle: (year: number, month: number) => `${year}年${month}月`,
  /** the weather of the filed company's city (WEATHER_URL; ours) */
  weather: (city: string, text: string, temperature: string) => `${city} ${text} ${temperature}℃`,
  dateTitle: (year: number, month: number, day: number) => `${year}年${month}月${day}日`,
  prevYear: '上一年',
  nextYear: '下一年',
  prevMonth: '上个月',
  nextMonth: '下个月',
  today: '今天',
  news: '新闻动态',
  notices: '通知公告',
  documents: '文档下载',
  functions: '常用功能',
  more: '更多',
  customise: '自定义',
  empty: '暂无数据',
  slide: (n: number) => `第${n}条`,
} as const;
