# Builds the kiosk for Windows from a clean checkout (PowerShell 5+, run from anywhere):
#   powershell -ExecutionPolicy Bypass -File packaging\windows\build-windows.ps1
# Produces dist\kiosk-app\ (kiosk-app.exe windowed, kiosk-app-cli.exe console) and
# dist\kiosk-app-<version>-setup.exe (NSIS, packaging\windows\kiosk-app.nsi), runs the bundle's
# self-test, prints sizes and the cold-start figure. Needs Python 3.11+ (py launcher) and NSIS 3
# (winget install NSIS.NSIS). The test command builds and runs the same bundle and installer on
# Debian under Wine (packaging/windows/wine_harness.py); this script itself runs on Windows only.
# -Sign "signtool sign /fd SHA256 /a /tr <timestamp URL> /td SHA256" signs both executables,
# the installer and its uninstaller (optional release step: packaging/windows/README-windows.md).
param(
    [string]$Python = "py",
    [string[]]$PythonArgs = @("-3.11"),
    [string]$Sign = ""
)
$ErrorActionPreference = "Stop"
$Root = (Resolve-Path (Join-Path $PSScriptRoot "..\..")).Path
$Build = Join-Path $Root "build"
$Venv = Join-Path $Build "venv-windows"
$Dist = Join-Path $Root "dist"
$Bundle = Join-Path $Dist "kiosk-app"
Set-Location $Root

function Invoke-Checked([string]$Exe, [string[]]$Arguments) {
    & $Exe @Arguments
    if ($LASTEXITCODE -ne 0) { throw "$Exe $($Arguments -join ' ') failed ($LASTEXITCODE)" }
}

Write-Host "== build venv: $Venv"
if (-not (Test-Path (Join-Path $Venv "Scripts\python.exe"))) {
    Invoke-Checked $Python ($PythonArgs + @("-m", "venv", $Venv))
}
$VenvPython = Join-Path $Venv "Scripts\python.exe"
Invoke-Checked $VenvPython @("-m", "pip", "install", "-q", "--upgrade", "pip")
# Not editable: PyInstaller cannot follow setuptools' editable finder.
# The exact versions of packaging\constraints.txt: the same build from the same checkout.
Invoke-Checked $VenvPython @("-m", "pip", "install", "-q", "-c", "packaging\constraints.txt", ".[package]")

Write-Host "== PyInstaller"
if (Test-Path $Bundle) { Remove-Item -Recurse -Force $Bundle }
New-Item -ItemType Directory -Force $Build | Out-Null
Push-Location $Build   # outside the checkout: the spec must see the installed package
try {
    Invoke-Checked (Join-Path $Venv "Scripts\pyinstaller.exe") @("--noconfirm", "--log-level", "WARN",
        "--distpath", $Dist, "--workpath", (Join-Path $Build "pyinstaller-windows"),
        (Join-Path $Root "packaging\kiosk-app.spec"))
} finally { Pop-Location }

Write-Host "== bundle self-test"
$Scratch = Join-Path ([IO.Path]::GetTempPath()) ("kiosk-selftest-" + [Guid]::NewGuid())
$env:KIOSK_CONFIG_DIR = Join-Path $Scratch "config"
$env:KIOSK_DATA_DIR = Join-Path $Scratch "data"
$env:KIOSK_LOG_DIR = Join-Path $Scratch "log"
try { Invoke-Checked (Join-Path $Bundle "kiosk-app-cli.exe") @("self-test") }
finally {
    Remove-Item Env:KIOSK_CONFIG_DIR, Env:KIOSK_DATA_DIR, Env:KIOSK_LOG_DIR
    Remove-Item -Recurse -Force $Scratch -ErrorAction SilentlyContinue
}

Write-Host "== NSIS installer"
$Version = & $VenvPython -c "import importlib.metadata as m; print(m.version('kiosk-app'))"
$Setup = Join-Path $Dist "kiosk-app-$Version-setup.exe"
$Makensis = @("${env:ProgramFiles(x86)}\NSIS\makensis.exe", "$env:ProgramFiles\NSIS\makensis.exe") |
    Where-Object { Test-Path $_ } | Select-Object -First 1
if (-not $Makensis) { throw "NSIS not found: winget install NSIS.NSIS" }
$NsisArgs = @("-V2", "-DVERSION=$Version", "-DBUNDLE=$Bundle", "-DOUTFILE=$Setup")
if ($Sign) {
    foreach ($Exe in @("kiosk-app.exe", "kiosk-app-cli.exe")) {
        Invoke-Expression "$Sign `"$(Join-Path $Bundle $Exe)`""
        if ($LASTEXITCODE -ne 0) { throw "signing $Exe failed" }
    }
    $NsisArgs += "-DSIGN_COMMAND=$Sign"
}
Invoke-Checked $Makensis ($NsisArgs + @((Join-Path $PSScriptRoot "kiosk-app.nsi")))

Write-Host "== figures"
$BundleBytes = (Get-ChildItem -Recurse -File $Bundle | Measure-Object -Sum Length).Sum
"bundle:    {0:N0} MB ({1} bytes)" -f ($BundleBytes / 1MB), $BundleBytes
"installer: {0:N0} MB ({1} bytes) {2}" -f ((Get-Item $Setup).Length / 1MB), (Get-Item $Setup).Length, $Setup
# The console twin prints the start-up probe line (the windowed exe has no stdout).
Invoke-Checked $VenvPython @((Join-Path $Root "packaging\measure_startup.py"), (Join-Path $Bundle "kiosk-app-cli.exe"))
