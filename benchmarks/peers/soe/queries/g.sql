SELECT order_status, COUNT(*) AS n_orders, SUM(order_total) AS total FROM orders WHERE warehouse_id < 500 GROUP BY order_status ORDER BY order_status;
