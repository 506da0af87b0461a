-- The catalogue of PRODUCT.md: eight base plans and nine add-ons, prices in cents.
INSERT INTO "products" ("provider_product_id", "provider_price_id", "name", "description", "price_minor", "currency", "billing_type", "tier", "is_addon", "addon_type", "sort_order") VALUES
('prod_basic_monthly', 'price_basic_monthly', 'Basic', 'Up to 50 guests, 100 photos and 5 video clips', 299, 'usd', 'subscription', 'basic', false, NULL, 1),
('prod_plus_monthly', 'price_plus_monthly', 'Plus', 'Up to 150 guests, 300 photos, 15 video clips, music and typography', 599, 'usd', 'subscription', 'plus', false, NULL, 2),
('prod_premium_monthly', 'price_premium_monthly', 'Premium', 'Up to 300 guests, 700 photos, 30 video clips, no watermark and guest verification', 1199, 'usd', 'subscription', 'premium', false, NULL, 3),
('prod_elite_monthly', 'price_elite_monthly', 'Elite', 'Up to 500 guests, 1,500 photos, unlimited video, bilingual album and 24-hour support', 1799, 'usd', 'subscription', 'elite', false, NULL, 4),
('prod_basic_lifetime', 'price_basic_lifetime', 'Basic', 'Up to 50 guests, 100 photos and 5 video clips', 995, 'usd', 'one_time', 'basic', false, NULL, 1),
('prod_plus_lifetime', 'price_plus_lifetime', 'Plus', 'Up to 150 guests, 300 photos, 15 video clips, music and typography', 1995, 'usd', 'one_time', 'plus', false, NULL, 2),
('prod_premium_lifetime', 'price_premium_lifetime', 'Premium', 'Up to 300 guests, 700 photos, 30 video clips, no watermark and guest verification', 3995, 'usd', 'one_time', 'premium', false, NULL, 3),
('prod_elite_lifetime', 'price_elite_lifetime', 'Elite', 'Up to 500 guests, 1,500 photos, unlimited video, bilingual album and 24-hour support', 5995, 'usd', 'one_time', 'elite', false, NULL, 4),
('prod_addon_priority_support', 'price_addon_priority_support', 'Priority support', 'Answers from our team first, by e-mail and chat', 499, 'usd', 'one_time', NULL, true, 'priority_support', 100),
('prod_addon_watermark_removal', 'price_addon_watermark_removal', 'Watermark removal', 'Photos shared and downloaded without the watermark', 399, 'usd', 'one_time', NULL, true, 'watermark_removal', 101),
('prod_addon_extra_guests', 'price_addon_extra_guests', 'Extra guests', '50 more guests can join the album', 499, 'usd', 'one_time', NULL, true, 'extra_guests', 102),
('prod_addon_extra_photos', 'price_addon_extra_photos', 'Extra photos', '200 more photos in the album', 499, 'usd', 'one_time', NULL, true, 'extra_photos', 103),
('prod_addon_extra_videos', 'price_addon_extra_videos', 'Extra videos', '10 more video clips in the album', 399, 'usd', 'one_time', NULL, true, 'extra_videos', 104),
('prod_addon_full_hd_videos', 'price_addon_full_hd_videos', 'Full HD videos', 'Video clips kept in full HD quality', 599, 'usd', 'one_time', NULL, true, 'full_hd_videos', 105),
('prod_addon_album_download', 'price_addon_album_download', 'Album download', 'Download the whole album as one ZIP file', 299, 'usd', 'one_time', NULL, true, 'album_download', 106),
('prod_addon_advanced_analytics', 'price_addon_advanced_analytics', 'Advanced analytics', 'Detailed figures about guests, uploads and engagement', 699, 'usd', 'one_time', NULL, true, 'advanced_analytics', 107),
('prod_addon_dedicated_support', 'price_addon_dedicated_support', 'Dedicated support', 'A named support agent for your event', 999, 'usd', 'one_time', NULL, true, 'dedicated_support', 108);
--> statement-breakpoint
-- The 15 personalization fonts of spec 001 section 9, with the generic family used for previews.
INSERT INTO "fonts" ("id", "name", "generic_family", "sort_order") VALUES
('arial', 'Arial', 'sans', 1),
('times', 'Times New Roman', 'serif', 2),
('calibri', 'Calibri', 'sans', 3),
('helvetica', 'Helvetica', 'sans', 4),
('verdana', 'Verdana', 'sans', 5),
('georgia', 'Georgia', 'serif', 6),
('courier', 'Courier New', 'mono', 7),
('tahoma', 'Tahoma', 'sans', 8),
('trebuchet', 'Trebuchet MS', 'sans', 9),
('comic', 'Comic Sans MS', 'sans', 10),
('impact', 'Impact', 'sans', 11),
('lucida', 'Lucida Sans', 'sans', 12),
('palatino', 'Palatino Linotype', 'serif', 13),
('antiqua', 'Book Antiqua', 'serif', 14),
('century', 'Century Gothic', 'sans', 15);
