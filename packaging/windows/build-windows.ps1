# Builds the kiosk for Windows from a clean checkout (PowerShell 5+, run from anywhere):
#   powershell -ExecutionPolicy Bypass -File packaging\windows\build-windows.ps1
# Produces dist\kiosk-app\ (kiosk-app.exe windowed, kiosk-app-cli.exe console) and
# dist\kiosk-app-<version>-setup.exe, runs the bundle's self-test, prints sizes and the
# cold-start figure. Needs Python 3.11+ (py launcher) and Inno Setup 6
# (winget install JRSoftware.InnoSetup). Not tested in CI: no Windows runner.
param(
    [string]$Python = "py",
    [string[]]$PythonArgs = @("-3.11")
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

Write-Host "== Inno Setup"
$Version = & $VenvPython -c "import importlib.metadata as m; print(m.version('kiosk-app'))"
$Iscc = @("${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe", "$env:ProgramFiles\Inno Setup 6\ISCC.exe",
          "$env:LOCALAPPDATA\Programs\Inno Setup 6\ISCC.exe") | Where-Object { Test-Path $_ } | Select-Object -First 1
if (-not $Iscc) { throw "Inno Setup 6 not found: winget install JRSoftware.InnoSetup" }
Invoke-Checked $Iscc @("/Q", "/DAppVersion=$Version", (Join-Path $PSScriptRoot "kiosk-app.iss"))

Write-Host "== figures"
$BundleBytes = (Get-ChildItem -Recurse -File $Bundle | Measure-Object -Sum Length).Sum
"bundle:    {0:N0} MB ({1} bytes)" -f ($BundleBytes / 1MB), $BundleBytes
$Setup = Join-Path $Dist "kiosk-app-$Version-setup.exe"
"installer: {0:N0} MB ({1} bytes) {2}" -f ((Get-Item $Setup).Length / 1MB), (Get-Item $Setup).Length, $Setup
# The console twin prints the start-up probe line (the windowed exe has no stdout).
Invoke-Checked $VenvPython @((Join-Path $Root "packaging\measure_startup.py"), (Join-Path $Bundle "kiosk-app-cli.exe"))
