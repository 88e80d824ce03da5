package dev.authservice.bootstrap.browser;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.FluentWait;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticator;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticatorOptions;

/**
 * One headless Chromium with a profile of its own, so no cookie or storage leaks from one test to the next. Its
 * windows share cookies, Web Locks and BroadcastChannels, as tabs do.
 */
final class Browser implements AutoCloseable {

    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    private final ChromeDriver driver;
    private final URI base;
    private final Path profile;
    private final FluentWait<WebDriver> wait;

    private Browser(ChromeDriver driver, URI base, Path profile) {
        this.driver = driver;
        this.base = base;
        this.profile = profile;
        // The page re-renders its lists on every answer: an element read in one poll may be gone by the next.
        this.wait = new WebDriverWait(driver, TIMEOUT).ignoring(StaleElementReferenceException.class);
    }

    static Browser start(URI base) {
        // The driver is named, so Selenium Manager never looks for (or downloads) one.
        System.setProperty(ChromeDriverService.CHROME_DRIVER_EXE_PROPERTY, Browsers.CHROMEDRIVER.toString());
        Path profile;
        try {
            profile = Files.createTempDirectory("chromium-profile-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(Browsers.CHROMIUM.toFile());
        // Without the background-networking flags Chromium phones home at start, which this sandbox refuses.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-default-apps", "--window-size=1280,900", "--lang=en-US", "--user-data-dir=" + profile);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Browsers.CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        try {
            return new Browser(new ChromeDriver(service, options), base, profile);
        } catch (RuntimeException e) {
            service.stop();
            Browsers.deleteTree(profile);
            throw e;
        }
    }

    /**
     * A platform authenticator in Chromium's WebAuthn test API (WebDriver's virtual authenticators), as a laptop's
     * with a fingerprint reader: CTAP2, discoverable credentials, its user verified at every use.
     */
    VirtualAuthenticator addPlatformAuthenticator() {
        return driver.addVirtualAuthenticator(new VirtualAuthenticatorOptions()
                .setProtocol(VirtualAuthenticatorOptions.Protocol.CTAP2)
                .setTransport(VirtualAuthenticatorOptions.Transport.INTERNAL)
                .setHasResidentKey(true)
                .setHasUserVerification(true)
                .setIsUserVerified(true)
                .setIsUserConsenting(true));
    }

    void go(String path) {
        driver.get(base.resolve(path).toString());
    }

    WebElement visible(String css) {
        return wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)));
    }

    void waitForText(String css, String text) {
        wait.withMessage(() -> css + " shows \"" + text + "\", not \"" + text(css) + "\"")
                .until(ExpectedConditions.textToBe(By.cssSelector(css), text));
    }

    <T> T waitUntil(String what, Function<WebDriver, T> condition) {
        return wait.withMessage(what).until(condition);
    }

    boolean isShown(String css) {
        return driver.findElements(By.cssSelector(css)).stream().anyMatch(WebElement::isDisplayed);
    }

    String text(String css) {
        List<WebElement> found = driver.findElements(By.cssSelector(css));
        return found.isEmpty() ? null : found.get(0).getText();
    }

    List<String> texts(String css) {
        return driver.findElements(By.cssSelector(css)).stream().map(WebElement::getText).toList();
    }

    List<String> attributes(String css, String attribute) {
        return driver.findElements(By.cssSelector(css)).stream().map(e -> e.getDomAttribute(attribute)).toList();
    }

    String attribute(String css, String attribute) {
        return driver.findElement(By.cssSelector(css)).getDomAttribute(attribute);
    }

    void type(String css, String text) {
        WebElement field = visible(css);
        field.clear();
        field.sendKeys(text);
    }

    void click(String css) {
        wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector(css))).click();
    }

    void clickXPath(String xpath) {
        wait.until(ExpectedConditions.elementToBeClickable(By.xpath(xpath))).click();
    }

    void select(String css, String value) {
        new Select(visible(css)).selectByValue(value);
    }

    Object script(String javaScript, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(javaScript, arguments);
    }

    /** Opens another window of this browser (same profile, same origin's cookies) and switches to it. */
    String openWindow() {
        return driver.switchTo().newWindow(WindowType.WINDOW).getWindowHandle();
    }

    String currentWindow() {
        return driver.getWindowHandle();
    }

    void switchTo(String window) {
        driver.switchTo().window(window);
    }

    List<String> consoleMessages() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream().map(LogEntry::getMessage).toList();
    }

    /** The window's outer size, in CSS pixels. */
    void resize(int width, int height) {
        driver.manage().window().setSize(new Dimension(width, height));
    }

    void screenshot(Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.move(driver.getScreenshotAs(OutputType.FILE).toPath(), file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void screenshotEveryWindow(Path directory, String prefix) {
        int window = 1;
        for (String handle : driver.getWindowHandles()) {
            driver.switchTo().window(handle);
            screenshot(directory.resolve(prefix + "-window" + window++ + ".png"));
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            Browsers.deleteTree(profile);
        }
    }
}
