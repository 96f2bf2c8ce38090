/// Real user agents the tests send, as the clients write them.
enum UserAgents {
    static let iPhoneSafari = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
    static let androidChrome = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
    static let samsungInternet = "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36"
    static let windowsChrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
    static let facebookInApp = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/458.0.0.38.108;FBBV/594386412;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.4;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]"

    /// The Switchyard SDK's own clients: `URLSession` on iOS, OkHttp on Android, and Android's
    /// default (`HttpURLConnection`).
    static let sdkClients = [
        "Shop/1.2 CFNetwork/1494.0.7 Darwin/23.4.0",
        "Shop/1.2 (com.example.shop; build:41; iOS 17.4.1) CFNetwork/1494.0.7 Darwin/23.4.0",
        "okhttp/4.12.0",
        "okhttp/3.14.9",
        "Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/AP1A.240405.002)",
    ]

    /// The link-preview crawlers the service answers with a preview page
    /// (`UserAgent.crawlerMarkers` in SwitchyardService), each with a user agent it sends.
    static let previewCrawlers: [(marker: String, userAgent: String)] = [
        ("facebookexternalhit", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"),
        ("facebot", "Facebot"),
        ("twitterbot", "Twitterbot/1.0"),
        ("slackbot", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"),
        ("slack-imgproxy", "Slack-ImgProxy (+https://api.slack.com/robots)"),
        ("linkedinbot", "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)"),
        ("whatsapp", "WhatsApp/2.23.20.0 A"),
        ("telegrambot", "TelegramBot (like TwitterBot)"),
        ("discordbot", "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"),
        ("googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
        ("bingbot", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"),
        ("applebot", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)"),
        ("skypeuripreview", "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com"),
        ("embedly", "Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)"),
        ("pinterest", "Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)"),
        ("redditbot", "Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)"),
        ("mastodon", "http.rb/5.1.1 (Mastodon/4.2.0; +https://mastodon.social/)"),
        ("vkshare", "Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)"),
        ("iframely", "Iframely/1.3.1 (+https://iframely.com/docs/about)"),
        ("outbrain", "Mozilla/5.0 (Java) outbrain"),
        ("quora link preview", "Quora Link Preview/1.0 (http://www.quora.com)"),
    ]
}
