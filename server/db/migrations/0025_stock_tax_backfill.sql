-- Issue 21 (one amount basis): every stock document line gets its VAT rate (percent) and whether its price is
-- 含税, and every line and document its 不含税金额 / 税额 / 价税合计, computed as core/stock/tax-basis.ts does
-- (half-up to the fen per line; the header is the sum of its lines).
-- Where the rate comes from, for rows written before the columns existed:
--   1. production documents (组装/拆解/转换) and documents without a party: 0 %;
--   2. a purchase (入库 / 采购退货) from a party without a taxpayer id (a natural person): 0 %, the price is what
--      the seller is paid;
--   3. a document whose 应收单/应付单 was written at review: that 应收单/应付单's rate; 含税 when its 价税合计
--      equals the document amount (the template said 单据金额含税), else 不含税;
--   4. anything else (drafts, submitted): 业务参数's rate of the document's department (13 % when none), 不含税.
UPDATE izs_stock_order_line l SET tax_rate = 0, price_includes_tax = 0
  FROM izs_stock_order o
 WHERE o.id = l.order_id;
--> statement-breakpoint
UPDATE izs_stock_order_line l SET tax_rate = coalesce(
         (SELECT c.tax_rate FROM izs_business_config c
           WHERE c.tenant_id = o.tenant_id AND c.dept_id = o.dept_id AND c.is_deleted = 0 LIMIT 1), 13)
  FROM izs_stock_order o
 WHERE o.id = l.order_id AND o.party_id IS NOT NULL
   AND o.doc_type IN ('in_stock', 'out_stock', 'purchase_return', 'sale_return');
--> statement-breakpoint
UPDATE izs_stock_order_line l
   SET tax_rate = round(abs(a.tax_rate) * 100, 2),
       price_includes_tax = CASE WHEN abs(a.amount) = o.total_amount AND a.tax <> 0 THEN 1 ELSE 0 END
  FROM izs_stock_order o, izs_ar_doc a
 WHERE o.id = l.order_id AND a.source_id = o.id AND a.source_type = o.doc_type AND a.is_deleted = 0
   AND a.state = 'reviewed';
--> statement-breakpoint
UPDATE izs_stock_order_line l SET tax_rate = 0, price_includes_tax = 1
  FROM izs_stock_order o, izs_related_party p
 WHERE o.id = l.order_id AND p.id = o.party_id AND o.doc_type IN ('in_stock', 'purchase_return')
   AND coalesce(trim(p.taxpayer_id), '') = '';
--> statement-breakpoint
UPDATE izs_stock_order_line
   SET net_amount = CASE WHEN price_includes_tax = 1 THEN round(amount / (1 + tax_rate / 100), 2) ELSE amount END,
       gross_amount = CASE WHEN price_includes_tax = 1 THEN amount ELSE amount + round(amount * tax_rate / 100, 2) END;
--> statement-breakpoint
UPDATE izs_stock_order_line SET tax_amount = gross_amount - net_amount;
--> statement-breakpoint
UPDATE izs_stock_order o
   SET net_amount = s.net, tax_amount = s.tax, gross_amount = s.gross
  FROM (SELECT order_id, sum(net_amount) AS net, sum(tax_amount) AS tax, sum(gross_amount) AS gross
          FROM izs_stock_order_line GROUP BY order_id) s
 WHERE s.order_id = o.id;
