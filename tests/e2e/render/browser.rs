//! A report in a real browser: headless Chromium (Debian's `chromium` and
//! `chromium-driver`, installed by `.ci/run`) driven over WebDriver. The page opens from
//! `file://` with no console error, the arrow keys step through the turns, and screenshots
//! are left under `target/render-screenshots/` for a person to look at.
//!
//! Outside CI a missing Chromium skips the test (saying why); under `CI=true` it fails.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

use crate::common::folio;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// chromedriver, ended when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The browser's console log (chromedriver's `se/log`, entries of `goog:loggingPrefs`).
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or_default()))
    }
    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(json!({"type": "browser"}).to_string()),
        )
    }
}

fn available() -> bool {
    let here = Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists();
    if !here {
        let ci = std::env::var("CI").is_ok_and(|v| v == "true");
        assert!(
            !ci,
            "CI=true: {CHROMIUM} or {CHROMEDRIVER} is missing (apt-get install chromium chromium-driver)"
        );
        eprintln!("skipped: {CHROMIUM} or {CHROMEDRIVER} is missing (apt-get install chromium chromium-driver)");
    }
    here
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn start_driver(port: u16) -> Driver {
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver");
    let driver = Driver(child);
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "chromedriver did not listen"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    driver
}

async fn connect(port: u16, profile: &Path) -> Client {
    let caps = json!({
        "browserName": "chrome",
        "goog:loggingPrefs": {"browser": "ALL"},
        "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1200,1400",
                format!("--user-data-dir={}", profile.display()),
            ]
        }
    });
    let Value::Object(caps) = caps else {
        unreachable!()
    };
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a WebDriver session")
}

async fn shown_turn(c: &Client) -> String {
    c.find(Locator::Css("#shown-turn"))
        .await
        .expect("#shown-turn")
        .text()
        .await
        .expect("text")
}

/// The `data-turn` of the one turn section on display.
async fn current(c: &Client) -> Value {
    c.execute(
        "var s = document.querySelectorAll('section.turn'); var on = [];
         for (var i = 0; i < s.length; i++) if (getComputedStyle(s[i]).display !== 'none') on.push(s[i].getAttribute('data-turn'));
         return on;",
        vec![],
    )
    .await
    .expect("execute")
}

async fn press(c: &Client, key: &str) {
    c.find(Locator::Css("body"))
        .await
        .expect("body")
        .send_keys(key)
        .await
        .expect("key");
}

fn shots() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/render-screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot folder");
    dir
}

#[test]
fn a_report_steps_through_its_turns_in_chromium() {
    if !available() {
        return;
    }
    let tmp = tempfile::tempdir().expect("tempdir");
    let page = tmp.path().join("game.html");
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/scrabble/standard_bingo.gcg");
    folio()
        .arg("play")
        .arg(&script)
        .arg("--html")
        .arg(&page)
        .assert()
        .success();
    let freecell = tmp.path().join("freecell.html");
    let solution =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/freecell/won-deal-24.txt");
    folio()
        .arg("play")
        .arg(&solution)
        .arg("--html")
        .arg(&freecell)
        .assert()
        .success();
    let port = free_port();
    let _driver = start_driver(port);
    let profile = tmp.path().join("profile");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let c = connect(port, &profile).await;
        c.goto(&format!("file://{}", page.display()))
            .await
            .expect("open the page");
        // The page starts on its last turn, and shows that one only.
        assert_eq!(shown_turn(&c).await, "5");
        assert_eq!(current(&c).await, json!(["5"]));
        let dir = shots();
        std::fs::write(
            dir.join("crossword-turn-5.png"),
            c.screenshot().await.expect("shot"),
        )
        .expect("write");
        press(&c, "\u{E012}").await; // ArrowLeft
        assert_eq!(shown_turn(&c).await, "4");
        assert_eq!(current(&c).await, json!(["4"]));
        press(&c, "\u{E011}").await; // Home
        assert_eq!(shown_turn(&c).await, "1");
        std::fs::write(
            dir.join("crossword-turn-1.png"),
            c.screenshot().await.expect("shot"),
        )
        .expect("write");
        press(&c, "\u{E014}").await; // ArrowRight
        assert_eq!(shown_turn(&c).await, "2");
        assert_eq!(current(&c).await, json!(["2"]));
        // A #tN link shows that turn.
        c.goto(&format!("file://{}#t3", page.display()))
            .await
            .expect("anchor");
        assert_eq!(shown_turn(&c).await, "3");
        std::fs::write(
            dir.join("crossword-turn-3.png"),
            c.screenshot().await.expect("shot"),
        )
        .expect("write");
        // A FreeCell solution steps the same way, move by move.
        c.goto(&format!("file://{}", freecell.display()))
            .await
            .expect("open freecell");
        assert_eq!(shown_turn(&c).await, "72");
        press(&c, "\u{E012}").await;
        assert_eq!(shown_turn(&c).await, "71");
        std::fs::write(
            dir.join("freecell-move-71.png"),
            c.screenshot().await.expect("shot"),
        )
        .expect("write");
        let log = c.issue_cmd(BrowserLog).await.expect("the browser log");
        let errors: Vec<&Value> = log
            .as_array()
            .map(|a| a.iter().filter(|e| e["level"] == "SEVERE").collect())
            .unwrap_or_default();
        assert!(errors.is_empty(), "console errors: {errors:?}");
        c.close().await.expect("close");
    });
}
