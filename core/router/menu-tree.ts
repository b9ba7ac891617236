/**
 * The product's menu tree (spec §2.2–2.9) as data. The server seeds blade_menu from it (menus with their
 * button codes); the client derives its route table from it (path patterns + meta). One source for both.
 *
 * Constraints:
 * - `path` of a leaf is its route pattern (`:id` params allowed); `menuPath` is the concrete path the
 *   sidebar opens when the pattern has params (e.g. the first weighbridge's workstation).
 * - A node with children is a catalogue (no page of its own); its `path` only prefixes nothing.
 * - Button codes are `<code>_<action>`; the default set is add, edit, view, delete, refresh, search, export.
 */

export type ButtonAction =
  | 'add'
  | 'edit'
  | 'view'
  | 'delete'
  | 'refresh'
  | 'search'
  | 'export'
  // document life cycle (DESIGN §5) and the manual weight of the weighing workstation (issue 4)
  | 'review'
  | 'void'
  | 'manual'
  // reviewing an out-stock over the customer's credit limit (issue 11)
  | 'credit'
  // a supervisor releasing a flagged weighing (异常过磅, issue 24)
  | 'release'
  // a clerk taking over a step of the unattended lane (车道监控, issue 24)
  | 'takeover';
export const DEFAULT_BUTTONS: ButtonAction[] = ['add', 'edit', 'view', 'delete', 'refresh', 'search', 'export'];
export const BUTTON_NAMES: Record<ButtonAction, string> = {
  add: '新增',
  edit: '编辑',
  view: '查看',
  delete: '删除',
  refresh: '刷新',
  search: '搜索',
  export: '导出',
  review: '审核',
  void: '作废',
  manual: '手工录入',
  credit: '信用超额审核',
  release: '放行',
  takeover: '接管',
};

export interface MenuSeed {
  name: string;
  path: string;
  /** Concrete path for the sidebar when `path` holds params. */
  menuPath?: string;
  icon?: string;
  hidden?: boolean;
  roles?: string[];
  pageType?: 'accounting';
  noCache?: boolean;
  affix?: boolean;
  tagCloseConfirm?: boolean;
  activeMenu?: string;
  /** Opens in a new window (full-screen wall screens). */
  newWindow?: boolean;
  /** Route that needs no login (public). */
  isPublic?: boolean;
  buttons?: ButtonAction[];
  children?: MenuSeed[];
}

const A = ['admin'];
const acc = { roles: A, pageType: 'accounting' as const };
/** receivables / payables records that are reviewed or voided (issue 11) */
const accDoc = { ...acc, buttons: [...DEFAULT_BUTTONS, 'review', 'void'] as ButtonAction[] };
const hid = { hidden: true, buttons: [] as ButtonAction[] };
const ro: ButtonAction[] = ['view', 'refresh', 'search', 'export'];
/** Documents with a life cycle: the default buttons plus 审核 (submitted → reviewed) and 作废 (void). */
const docButtons: ButtonAction[] = [...DEFAULT_BUTTONS, 'review', 'void'];

export const MENU_TREE: MenuSeed[] = [
  { name: '首页', path: '/dashboard', icon: 'home', affix: true, noCache: true, buttons: ['refresh'] },
  {
    name: '供应链',
    path: '/supply-chain',
    icon: 'truck',
    children: [
      {
        name: '过磅与直发',
        path: '/supply-chain/weighing',
        children: [
          {
            name: '过磅作业',
            path: '/supply-chain/loadometer/:id',
            menuPath: '/supply-chain/loadometer/1',
            buttons: ['add', 'edit', 'view', 'refresh', 'manual'],
          },
          { name: '简易过磅', path: '/supply-chain/ease-loadometer' },
          { name: '分拣过磅', path: '/supply-chain/assembly-loadometer' },
          { name: '磅单', path: '/supply-chain/weight-memo', buttons: [...DEFAULT_BUTTONS, 'void'] },
          // issue 24: flagged weighings held for a supervisor, and each vehicle's tare archive
          { name: '异常过磅', path: '/supply-chain/weigh-exception', buttons: [...ro, 'release'] },
          { name: '皮重档案', path: '/supply-chain/tare-archive', buttons: ['view', 'edit', 'refresh', 'search'] },
          // issue 24 (unattended lane): the slip a truck is sent with; its QR code identifies the truck at the scale
          { name: '派车单', path: '/supply-chain/dispatch-slip' },
          {
            name: '派车单详情',
            path: '/supply-chain/dispatch-slip-detail/:id',
            activeMenu: '/supply-chain/dispatch-slip',
            ...hid,
          },
          // issue 24: the scale house's clock (cycle times per lane, trucks per hour, step durations, tare bands)
          { name: '过磅时效', path: '/supply-chain/weigh-timing', buttons: ['view', 'refresh', 'search'] },
          // issue 24: the unattended lane live (camera, weight, step, queue, slip); a clerk takes over a step
          { name: '车道监控', path: '/supply-chain/lane-monitor', buttons: ['view', 'takeover'] },
          {
            name: '磅单详情',
            path: '/supply-chain/weight-memo-detail/:id',
            activeMenu: '/supply-chain/weight-memo',
            ...hid,
          },
          { name: '直发单', path: '/supply-chain/drop/shipping', buttons: docButtons },
          { name: '直发凭证', path: '/supply-chain/drop/evidence' },
        ],
      },
      {
        name: '采购管理',
        path: '/supply-chain/purchase',
        children: [
          { name: '采购入库', path: '/supply-chain/purchase/in-stock', buttons: docButtons },
          { name: '全部入库单', path: '/supply-chain/purchase/in-stock-all', buttons: ro },
          {
            name: '入库单详情',
            path: '/supply-chain/purchase/in-stock-detail/:orderNo',
            activeMenu: '/supply-chain/purchase/in-stock',
            ...hid,
          },
          { name: '采购订单', path: '/supply-chain/purchase/purchase-order', buttons: docButtons },
          { name: '采购退货', path: '/supply-chain/purchase/material-return', buttons: docButtons },
          { name: '供应商', path: '/supply-chain/purchase/supplier' },
          { name: '供应商合并', path: '/supply-chain/purchase/supplier/merge', buttons: ['edit', 'refresh', 'search'] },
          { name: '待审核单据', path: '/supply-chain/purchase/not-check', buttons: ro },
          {
            name: '供应商详情',
            path: '/supply-chain/purchase/supplier-detail/:id',
            activeMenu: '/supply-chain/purchase/supplier',
            ...hid,
          },
          { name: '采购价格表', path: '/supply-chain/purchase/price-list' },
        ],
      },
      {
        name: '销售管理',
        path: '/supply-chain/sale',
        children: [
          { name: '销售出库', path: '/supply-chain/sale/out-stock', buttons: [...docButtons, 'credit'] },
          {
            name: '出库单详情',
            path: '/supply-chain/sale/out-stock-detail/:orderNo',
            activeMenu: '/supply-chain/sale/out-stock',
            ...hid,
          },
          { name: '客户订单', path: '/supply-chain/sale/customer/order' },
          { name: '销售订单', path: '/supply-chain/sale/sale-order', buttons: docButtons },
          { name: '销售退货', path: '/supply-chain/sale/material-return', buttons: docButtons },
          { name: '销售价格', path: '/supply-chain/sale/sale-price' },
          { name: '客户', path: '/supply-chain/sale/customer' },
          {
            name: '客户详情',
            path: '/supply-chain/sale/customer-detail/:id',
            activeMenu: '/supply-chain/sale/customer',
            ...hid,
          },
        ],
      },
      {
        name: '库存管理',
        path: '/supply-chain/stock',
        children: [
          { name: '库存列表', path: '/supply-chain/stock/inventory-list', buttons: ro },
          {
            name: '库存详情',
            path: '/supply-chain/stock/inventory-list-detail',
            activeMenu: '/supply-chain/stock/inventory-list',
            ...hid,
          },
          { name: '历史库存', path: '/supply-chain/stock/inventory-history', buttons: ro },
          { name: '物料成本', path: '/supply-chain/stock/stock-material-cost', buttons: ro },
          { name: '转换记录', path: '/supply-chain/stock/conver-record', buttons: docButtons },
          { name: '收发存统计', path: '/supply-chain/stock/send-receive-statistics', buttons: ro },
          { name: '组装单', path: '/supply-chain/stock/assembly-order', buttons: docButtons },
          { name: '拆解分拣单', path: '/supply-chain/stock/disassembly-order', buttons: docButtons },
        ],
      },
      {
        name: '经营分析',
        path: '/supply-chain/analysis-group',
        children: [
          { name: '供应链分析', path: '/supply-chain/analysis', buttons: ro },
          { name: '综合报表', path: '/statement-analysis/zm-statement', buttons: ro },
        ],
      },
    ],
  },
  {
    name: '物流管理',
    path: '/logistical',
    icon: 'map',
    children: [
      { name: '物流订单', path: '/logistical/logistical-order' },
      { name: '物流地图', path: '/logistical/map', buttons: ['refresh'] },
      { name: '车辆位置', path: '/logistical/vehicle-position', buttons: ['refresh', 'search'] },
      { name: '司机列表', path: '/logistical/driver-list' },
      { name: '司机详情', path: '/logistical/driver-detail/:id', activeMenu: '/logistical/driver-list', ...hid },
      { name: '公共客户', path: '/logistical/public-customer' },
      { name: '司机轨迹', path: '/logistical/driver-track', buttons: ['refresh', 'search'] },
      { name: '车辆列表', path: '/logistical/car-list' },
      { name: '车辆分组', path: '/logistical/car-info-group' },
      { name: '车辆报警', path: '/logistical/car-alarm', buttons: [...ro, 'edit'] },
      { name: '船舶列表', path: '/logistical/ship-list' },
      { name: '港口列表', path: '/logistical/ship-port-list' },
    ],
  },
  {
    name: '财务会计',
    path: '/accounting',
    icon: 'calculator',
    children: [
      { name: '财务首页', path: '/accounting/home', ...acc, buttons: ['refresh'] },
      { name: '日记账', path: '/accounting/daybook/list', ...acc },
      { name: '票据管理', path: '/accounting/bill/manage', ...acc },
      { name: '录入凭证', path: '/accounting/edit/voucher', ...acc, buttons: ['add', 'edit', 'refresh'] },
      { name: '收支管理', path: '/accounting/income-expend', ...acc },
      {
        name: '应收管理',
        path: '/accounting/receivable',
        children: [
          { name: '应收单', path: '/accounting/receivable/receivable-order', ...accDoc },
          {
            name: '应收单详情',
            path: '/accounting/receivable/receivable-order-detail/:id',
            ...acc,
            ...hid,
            activeMenu: '/accounting/receivable/receivable-order',
          },
          { name: '收款单', path: '/accounting/receivable/collection-order', ...accDoc },
          {
            name: '收款单详情',
            path: '/accounting/receivable/collection-order-detail/:id',
            ...acc,
            ...hid,
            activeMenu: '/accounting/receivable/collection-order',
          },
          {
            name: '收款明细',
            path: '/accounting/receivable/receipt-order-detail/:orderNo',
            ...acc,
            ...hid,
            activeMenu: '/accounting/receivable/collection-order',
          },
          {
            name: '收款子单明细',
            path: '/accounting/receivable/receipt-sub-order-detail/:orderNo',
            ...acc,
            ...hid,
            activeMenu: '/accounting/receivable/collection-order',
          },
          { name: '收款退款', path: '/accounting/receivable/refundment-order', ...accDoc },
          {
            name: '收款退款详情',
            path: '/accounting/receivable/refundment-order-detail/:id',
            ...acc,
            ...hid,
            activeMenu: '/accounting/receivable/refundment-order',
          },
        ],
      },
      {
        name: '应付管理',
        path: '/accounting/payable',
        children: [
          { name: '应付单', path: '/accounting/payable/payable-order', ...accDoc },
          { name: '付款单', path: '/accounting/payable/payment-order', ...accDoc },
          {
            name: '付款单详情',
            path: '/accounting/payable/payment-order-detail/:id',
            ...acc,
            ...hid,
            activeMenu: '/accounting/payable/payment-order',
          },
          {
            name: '付款信息',
            path: '/accounting/payable/payment-order-info/:orderNo',
            ...acc,
            ...hid,
            activeMenu: '/accounting/payable/payment-order',
          },
          {
            name: '付款子单信息',
            path: '/accounting/payable/payment-sub-order-info/:orderNo',
            ...acc,
            ...hid,
            activeMenu: '/accounting/payable/payment-order',
          },
          { name: '付款退款', path: '/accounting/payable/refundment-order', ...accDoc },
          {
            name: '付款退款详情',
            path: '/accounting/payable/refundment-order-detail/:id',
            ...acc,
            ...hid,
            activeMenu: '/accounting/payable/refundment-order',
          },
          { name: '应收票据', path: '/accounting/payable/receivable-bill', ...acc },
          { name: '应付票据', path: '/accounting/payable/payable-bill', ...acc },
        ],
      },
      {
        name: '对账与发票',
        path: '/accounting/other',
        children: [
          { name: '对账单', path: '/accounting/statement', ...acc },
          { name: '进项发票', path: '/accounting/purchase/invoice-list', ...acc },
          { name: '反向开票', path: '/accounting/purchase/reverse-invoice', ...accDoc },
          { name: '销项发票', path: '/accounting/sale/invoice-list', ...acc },
          { name: '资金调拨', path: '/accounting/transfer/list', ...accDoc },
        ],
      },
    ],
  },
  {
    name: '总账',
    path: '/finance',
    icon: 'book',
    children: [
      {
        name: '财务设置',
        path: '/finance/setting',
        children: [
          { name: '财务参数', path: '/finance/setting/system-config', ...acc, buttons: ['edit', 'refresh'] },
          { name: '账套管理', path: '/finance/setting/setofbook', ...acc },
          {
            name: '期初余额',
            path: '/finance/setting/initabala',
            ...acc,
            buttons: ['edit', 'refresh', 'search', 'export'],
          },
          { name: '计量单位', path: '/finance/setting/unit', ...acc },
          { name: '核算维度', path: '/finance/setting/dimension', ...acc },
          {
            name: '辅助核算',
            path: '/finance/setting/assist-accounting/:id',
            ...acc,
            ...hid,
            activeMenu: '/finance/setting/dimension',
          },
          {
            name: '辅助核算明细',
            path: '/finance/setting/assist-accounting/details',
            ...acc,
            ...hid,
            activeMenu: '/finance/setting/dimension',
          },
        ],
      },
      {
        name: '凭证管理',
        path: '/finance/voucher',
        children: [
          { name: '凭证字', path: '/finance/voucher/type', ...acc },
          { name: '凭证列表', path: '/finance/voucher/list/:voucherId', menuPath: '/finance/voucher/list/0', ...acc },
          { name: '凭证汇总', path: '/finance/voucher/collect', ...acc, buttons: ro },
          { name: '凭证过账', path: '/finance/voucher/posting', ...acc, buttons: ['edit', 'refresh', 'search'] },
          // business vouchers: templates per book + generation from reviewed stock documents (add = generate)
          { name: '凭证模板', path: '/finance/voucher/template', ...acc },
        ],
      },
      {
        name: '固定资产',
        path: '/finance/fixed-assets',
        children: [
          { name: '资产类别', path: '/finance/fixed-assets/fixed-assets-type', ...acc },
          { name: '资产卡片', path: '/finance/fixed-assets/fixed-assets-list', ...acc },
          {
            name: '资产变动记录',
            path: '/finance/fixed-assets/fixed-assets-history/:id',
            ...acc,
            ...hid,
            activeMenu: '/finance/fixed-assets/fixed-assets-list',
          },
          { name: '固定资产明细账', path: '/finance/fixed-assets/fixed-assets-subsidiary-books', ...acc, buttons: ro },
          { name: '计提折旧', path: '/finance/fixed-assets/fixed-assets-depreciation', ...acc },
        ],
      },
      {
        name: '账簿与报表',
        path: '/finance/ledger-group',
        children: [
          { name: '科目余额表', path: '/finance/ledger/balance', ...acc, buttons: ro },
          { name: '明细账', path: '/finance/subject/detail', ...acc, buttons: ro },
          { name: '总账', path: '/finance/ledger/list', ...acc, buttons: ro },
          { name: '资产负债表', path: '/finance/balance/sheet', ...acc, buttons: ro },
          { name: '利润表', path: '/finance/profit/list', ...acc, buttons: ro },
          { name: '结转损益', path: '/finance/carry/down', ...acc, buttons: ['add', 'refresh'] },
          { name: '销售成本', path: '/finance/sell/cost', ...acc, buttons: ro },
          { name: '结转成本', path: '/finance/carry/down/cost', ...acc, buttons: ['add', 'refresh'] },
          { name: '存货成本', path: '/finance/cost/manage/stock', ...acc, buttons: ro },
          { name: '流动资产报表', path: '/finance/current/assets/report', ...acc, buttons: ro },
          // issue 21: the ledger against receivables / payables / stock / invoices (finance_reconcile; run = view)
          { name: '业财对账', path: '/finance/reconcile', ...acc, buttons: ['view', 'refresh'] },
        ],
      },
    ],
  },
  {
    name: '资产管理',
    path: '/asset',
    icon: 'archive',
    children: [
      { name: '资产台账', path: '/asset/normal', roles: A },
      { name: '资产折旧', path: '/asset/depr', roles: A },
      { name: '资产核算', path: '/asset/accounting', roles: A },
    ],
  },
  {
    name: '报表分析',
    path: '/statement-analysis',
    icon: 'chart',
    children: [
      { name: '采购报表', path: '/statement-analysis/purchase-statement', roles: A, buttons: ro },
      { name: '销售报表', path: '/statement-analysis/sale-statement', roles: A, buttons: ro },
      { name: '库存报表', path: '/statement-analysis/stock-statement', roles: A, buttons: ro },
      { name: '财务报表', path: '/statement-analysis/finance-statement', roles: A, buttons: ro },
      { name: '物流报表', path: '/statement-analysis/logistics-statement', roles: A, buttons: ro },
      { name: '固废总览', path: '/statement-analysis/gb-overview', roles: A, buttons: ro },
      { name: '物料固废统计', path: '/statement-analysis/material-gb', roles: A, buttons: ro },
      { name: '企业质押', path: '/statement-analysis/company-pledge', roles: A, buttons: ro },
    ],
  },
  {
    name: '业务管理',
    path: '/business',
    icon: 'briefcase',
    children: [
      { name: '入库业务', path: '/business/in-stock' },
      { name: '出库业务', path: '/business/out-stock' },
      { name: '物料', path: '/business/material' },
      { name: '客户', path: '/business/customer' },
      { name: '供应商管理', path: '/business/supplier' },
      { name: '转换记录', path: '/business/conver-record' },
      { name: '固废交易平台', path: '/business/exchange-record' },
    ],
  },
  {
    name: '合同管理',
    path: '/contract',
    icon: 'file',
    children: [
      { name: '合同列表', path: '/contract/list', noCache: true },
      { name: '合同详情', path: '/contract/detail/:code', activeMenu: '/contract/list', ...hid },
      { name: '贸易合同', path: '/contract/trading/list' },
      {
        name: '编辑贸易合同',
        path: '/contract/trading/edit/:id',
        tagCloseConfirm: true,
        activeMenu: '/contract/trading/list',
        ...hid,
      },
      { name: '合同信息', path: '/contract/trading/view/:id', activeMenu: '/contract/trading/list', ...hid },
      { name: '合同明细', path: '/contract/details/:code', activeMenu: '/contract/list', ...hid },
      { name: '供应商合同', path: '/contract/supplier-contract' },
      { name: '项目订单', path: '/contract/project' },
      { name: '现场订单', path: '/contract/site-order' },
    ],
  },
  {
    name: '台账',
    path: '/ledger',
    icon: 'list',
    children: [
      { name: '采购台账', path: '/ledger/purchase', buttons: ro },
      { name: '销售台账', path: '/ledger/sell', buttons: ro },
      { name: '测试页', path: '/ledger/easy-crud' },
    ],
  },
  {
    name: '供应链金融',
    path: '/supply-chain-finance',
    icon: 'bank',
    children: [
      { name: '合同管理', path: '/supply-chain-finance/contract' },
      { name: '金单列表', path: '/supply-chain-finance/order-list' },
      {
        name: '金单详情',
        path: '/supply-chain-finance/order-list/detail',
        activeMenu: '/supply-chain-finance/order-list',
        ...hid,
      },
      { name: '资金方管理', path: '/supply-chain-finance/escrowed' },
    ],
  },
  {
    name: '开放平台',
    path: '/open',
    icon: 'code',
    children: [
      { name: '开放接口', path: '/open/api', roles: A },
      { name: '开放路径', path: '/open/url/:appId', roles: A, activeMenu: '/open/api', ...hid },
      { name: '溯源链校验', path: '/open/chain', roles: A },
    ],
  },
  {
    name: '基础数据',
    path: '/base',
    icon: 'database',
    children: [
      // spec §6: "many" base pages are admin-only, not all — material and bank lists are what weighbridge and
      // settlement clerks look up, so they follow the role's menu grants alone (/authority/role decides)
      { name: '物料管理', path: '/base/material' },
      { name: '物料详情', path: '/base/material-detail/:code', activeMenu: '/base/material', ...hid },
      { name: '仓库管理', path: '/base/warehouse', roles: A },
      { name: '仓库详情', path: '/base/warehouse-detail/:id', roles: A, activeMenu: '/base/warehouse', ...hid },
      { name: '地磅管理', path: '/base/loadometer', roles: A },
      { name: '行政区划', path: '/base/region', roles: A },
      { name: '银行信息', path: '/base/bank/list' },
      { name: '往来单位', path: '/base/related/party', roles: A },
      { name: '费用项目', path: '/base/financial/expenses', roles: A },
      { name: '组织管理', path: '/base/orgManage', roles: A },
      { name: '摄像头', path: '/base/cameraList', roles: A },
      { name: '库存磅单', path: '/base/stock-weigh-order', roles: A },
      { name: '业务员', path: '/base/salesman', roles: A },
      { name: '业务配置', path: '/base/dept/config', roles: A, buttons: ['edit', 'refresh'] },
    ],
  },
  {
    name: '权限管理',
    path: '/authority',
    icon: 'lock',
    children: [
      { name: '角色管理', path: '/authority/role', roles: A },
      { name: '数据权限', path: '/authority/datascope', roles: A },
      { name: '接口权限', path: '/authority/apiscope', roles: A },
    ],
  },
  {
    name: '系统管理',
    path: '/system',
    icon: 'setting',
    children: [
      { name: '用户管理', path: '/system/user' },
      { name: '员工管理', path: '/system/staff' },
      { name: '机构管理', path: '/system/department' },
      { name: '部门管理', path: '/system/dept' },
      { name: '岗位管理', path: '/system/post' },
      { name: '菜单管理', path: '/system/menu' },
      { name: '应用管理', path: '/system/app' },
      { name: '页面配置', path: '/system/page/config' },
      { name: '业务字典', path: '/system/dictbiz' },
      { name: '系统字典', path: '/system/dict' },
      { name: '版本管理', path: '/system/version' },
      { name: '安卓版本', path: '/system/android-version' },
      { name: '接口跟踪日志', path: '/system/track-api-log', buttons: ro },
      { name: '物料报价单', path: '/system/material-quotes-order' },
      // kept off the sidebar (HIDDEN_SIDEBAR_PATHS, spec §2.10), opened by URL; platform administrator only
      { name: '租户管理', path: '/system/tenant' },
    ],
  },
  {
    // The spec's hidden-sidebar list hides a catalogue at exactly /monitor (BladeX's own 系统监控);
    // Loopyard's logs live under their own catalogue so they stay reachable.
    name: '日志监控',
    path: '/monitor-center',
    icon: 'monitor',
    children: [
      { name: '接口日志', path: '/monitor/log/api', buttons: ro },
      { name: '修改日志', path: '/monitor/update', buttons: ro },
      { name: '操作日志', path: '/monitor/operation', buttons: ro },
    ],
  },
  {
    name: '数据大屏',
    path: '/visual',
    icon: 'screen',
    children: [
      { name: '大屏配置', path: '/visual/config', newWindow: true },
      { name: '数据大屏', path: '/visual/tax/:id', menuPath: '/visual/tax/1', newWindow: true, buttons: ['view'] },
      {
        name: '磅单列表大屏',
        path: '/visual/loadometer-order-list/:orderType/:id',
        // the menu opens a real weighbridge of the user's department (issue 26: a hard-coded /1/1 said 地磅不存在)
        menuPath: '/visual/loadometer-order-list',
        newWindow: true,
        buttons: ['view'],
      },
      {
        name: '磅单详情大屏',
        path: '/visual/loadometer-order-detail/:orderType/:id/:orderId',
        newWindow: true,
        ...hid,
      },
      {
        name: '运营数据中心',
        path: '/visual/operation-data/:id',
        menuPath: '/visual/operation-data/1',
        newWindow: true,
        buttons: ['view'],
      },
      { name: '主数据大屏', path: '/visual/home', newWindow: true, buttons: ['view'] },
      { name: '地磅数据看板', path: '/visual/data-board', newWindow: true, buttons: ['view'] },
      { name: '财务数据大屏', path: '/visual/finance-data', newWindow: true, buttons: ['view'] },
      { name: '行情大屏', path: '/visual/quote-data', newWindow: true, buttons: ['view'] },
    ],
  },
];

/** Menu code from a path: `/supply-chain/purchase/in-stock` → `supply_chain_purchase_in_stock` (params dropped). */
export function menuCode(path: string): string {
  return path
    .split('/')
    .filter((seg) => seg && !seg.startsWith(':'))
    .join('_')
    .replace(/[^A-Za-z0-9_]/g, '_');
}

/** Flatten the tree (depth-first, parents before children). */
export function flattenMenu(tree: MenuSeed[] = MENU_TREE): MenuSeed[] {
  return tree.flatMap((n) => [n, ...flattenMenu(n.children ?? [])]);
}

/**
 * The sidebar's hidden list of spec §2.10 (BladeX system catalogues that Loopyard does not show).
 */
export const HIDDEN_SIDEBAR_PATHS = [
  '/tool',
  '/desk',
  '/work',
  '/monitor',
  '/resource',
  '/report',
  '/flow',
  '/system/topmenu',
  '/system/param',
  '/system/tenant',
  '/system/client',
  '/monitor/log/usual',
  '/monitor/log/error',
];

/** Public routes of spec §2.2 (no login). */
export const PUBLIC_ROUTES = [
  '/login',
  '/exchange-redirect',
  '/auth-redirect',
  '/setting-print',
  '/print-template/weight-memo',
  '/print/statements/index',
  '/blockchain-info/:orderType/:orderNo',
];
