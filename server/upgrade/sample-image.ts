/**
 * The finish screen's sample image (/agreement/template): a drawing of the resource centre's login
 * page with the account filled in as the unified social credit code, so the user sees what to type
 * where. An SVG kept in code: no binary in the repository, crisp at any size.
 */
export const sampleImageSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400" font-family="'Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b4ea2"/><stop offset="1" stop-color="#1f8ceb"/></linearGradient>
  </defs>
  <rect width="640" height="400" fill="url(#bg)"/>
  <text x="32" y="52" fill="#fff" font-size="24" font-weight="bold">资源中心</text>
  <text x="32" y="80" fill="#d6e6fb" font-size="13">国际贸易单一窗口 · 企业资源统一管理</text>
  <g transform="translate(300 60)">
    <rect width="300" height="290" rx="10" fill="#fff"/>
    <text x="150" y="44" text-anchor="middle" font-size="18" fill="#1f2d3d" font-weight="bold">用户登录</text>
    <text x="24" y="84" font-size="12" fill="#5a6b7d">账号（统一社会信用代码）</text>
    <rect x="24" y="92" width="252" height="34" rx="4" fill="#f5f7fa" stroke="#c0ccda"/>
    <text x="34" y="114" font-size="13" fill="#1f2d3d">91330106MA27WQ8N1Y</text>
    <text x="24" y="150" font-size="12" fill="#5a6b7d">密码（升级时设置的初始密码）</text>
    <rect x="24" y="158" width="252" height="34" rx="4" fill="#f5f7fa" stroke="#c0ccda"/>
    <text x="34" y="180" font-size="13" fill="#1f2d3d">••••••••••</text>
    <rect x="24" y="212" width="252" height="38" rx="4" fill="#0b63ce"/>
    <text x="150" y="236" text-anchor="middle" font-size="15" fill="#fff">登 录</text>
    <text x="150" y="274" text-anchor="middle" font-size="11" fill="#8492a6">示例图：请以贵企业的统一社会信用代码登录</text>
  </g>
  <g fill="#ffffff" fill-opacity="0.14"><circle cx="120" cy="300" r="90"/><circle cx="210" cy="350" r="40"/></g>
  <text x="32" y="370" fill="#d6e6fb" font-size="12">1. 打开资源中心  2. 输入账号与初始密码  3. 登录后完善账号信息</text>
</svg>
`;
