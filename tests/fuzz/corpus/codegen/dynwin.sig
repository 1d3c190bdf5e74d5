<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>./dynwin</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="3" ratio="59.1764705882353" trace-length="2012" signature-length="34"/>
 <sites>
  <site id="0" module="/tmp/x" offset="4607" function="main"/>
  <site id="1" module="/tmp/x" offset="5154" function="main"/>
  <site id="2" module="/tmp/x" offset="5164" function="main"/>
  <site id="3" module="/tmp/x" offset="5288" function="main"/>
  <site id="4" module="/tmp/x" offset="5327" function="main"/>
  <site id="5" module="/tmp/x" offset="5339" function="main"/>
  <site id="6" module="/tmp/x" offset="5348" function="main"/>
  <site id="7" module="/tmp/x" offset="5358" function="main"/>
  <site id="8" module="/tmp/x" offset="5473" function="main"/>
  <site id="9" module="/tmp/x" offset="5507" function="main"/>
  <site id="10" module="/tmp/x" offset="5519" function="main"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="1006" time-ns="74755406" compute-ns="7129575" mpi-ns="59267777" per-event-ns="109" comms="0 -"/>
  <rank id="1" class="0" events="1006" time-ns="76764129" compute-ns="7588217" mpi-ns="59912447" per-event-ns="105" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0 1" program="1" events="1006" length="17" time-ns="75759767.5">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="11380" min="10837" max="11923" shift="109" buckets="665:1 672:1"/>
   <duration min="55025645" max="57161968"/>
  </symbol>
  <symbol id="1" call="MPI_Allgather" comm="0" dtsize="8" site="1" prev-site="0" occurrences="2" ws="1335296" ws-samples="1">
   <side role="member" events="2" count="1" bytes="8" rbytes="16"/>
   <compute min="131096" max="679197" shift="109"/>
   <compute-cpu min="129114" max="596544" shift="109"/>
   <duration min="22102" max="1484272"/>
  </symbol>
  <symbol id="2" call="MPI_Barrier" comm="0" site="2" prev-site="1" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="22514.5" min="22239" max="22790" shift="109" buckets="718:1 719:1"/>
   <compute-cpu mean="21686" min="21133" max="22239" shift="109" buckets="714:1 718:1"/>
   <duration min="9664" max="10756"/>
  </symbol>
  <symbol id="3" call="MPI_Win_lock_all" comm="0" site="3" prev-site="2" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="4865.5" min="4732" max="4999" shift="109" buckets="608:1 611:1"/>
   <duration min="98566" max="98647"/>
  </symbol>
  <symbol id="4" call="MPI_Put" comm="0" dtsize="8" site="4" prev-site="3" occurrences="400">
   <peer kind="mod" value="1"/>
   <side role="member" events="400" count="512" bytes="4096"/>
   <compute mean="47.7525" min="0" max="2205" shift="109" zeros="116" buckets="50:5 100:25 125:5 168:27 175:6 193:17 200:2 212:23 221:6 225:16 234:4 246:13 251:3 254:17 257:2 264:10 270:13 279:9 285:11 295:6 300:3 305:5 308:9 314:1 321:4 325:4 329:5 332:3 335:2 339:2 343:2 346:1 350:2 355:1 362:1 364:1 371:1 382:2 383:1 386:3 401:1 403:1 413:1 417:1 425:1 428:1 430:1 434:1 447:1 552:1 553:1"/>
   <duration mean="4415.6025" min="410" max="384293" buckets="430:1 433:1 434:1 436:3 439:1 440:1 441:2 443:3 445:4 447:3 449:2 450:7 451:6 452:4 453:5 454:7 455:6 456:7 457:4 458:2 459:9 460:5 461:12 462:7 463:4 464:3 465:6 466:7 467:10 468:5 469:4 470:7 471:9 472:10 473:11 474:9 475:11 476:5 477:7 478:7 479:5 480:10 481:11 482:14 483:9 484:4 485:3 486:11 487:6 488:4 489:2 490:1 491:1 492:3 494:1 495:3 496:4 497:1 498:4 500:1 501:2 502:1 503:2 504:1 505:1 507:1 516:1 524:1 547:1 551:1 612:3 616:1 617:1 620:1 624:1 629:1 632:2 633:1 634:3 635:5 636:2 637:1 638:4 639:6 640:6 641:3 642:1 643:2 644:3 645:2 646:2 647:2 648:1 650:5 651:1 655:2 657:1 668:1 669:1 671:1 673:1 703:1 742:1 901:1 909:1 923:1"/>
  </symbol>
  <symbol id="5" call="MPI_Win_flush" comm="0" site="5" prev-site="4" occurrences="400">
   <peer kind="mod" value="1"/>
   <side role="member" events="400" count="0"/>
   <compute mean="67.705" min="0" max="5669" shift="109" zeros="94" buckets="50:4 100:25 125:5 168:26 175:7 193:18 200:6 212:21 221:3 225:21 234:4 246:17 251:3 254:22 257:2 264:9 270:17 279:4 285:16 295:5 300:4 305:3 308:8 314:5 317:5 321:3 325:11 329:3 332:2 339:2 346:3 349:1 350:1 352:1 356:1 357:1 366:1 367:1 370:2 371:2 378:2 380:1 383:2 403:1 411:1 420:1 558:1 610:1 619:1"/>
   <duration mean="4814.83" min="731" max="320889" buckets="471:1 472:1 474:1 475:1 476:2 477:4 478:3 479:1 480:5 481:6 482:9 483:8 484:5 485:9 486:11 487:12 488:10 489:5 490:11 491:11 492:9 493:6 494:11 495:10 496:7 497:5 498:2 499:10 500:11 501:7 502:8 503:5 504:6 505:9 506:6 507:1 508:5 509:5 510:3 511:4 512:1 513:1 514:2 515:1 517:1 518:1 520:1 521:2 522:1 523:2 525:1 529:2 530:1 531:1 532:1 535:1 540:1 545:1 553:1 559:1 560:1 561:1 564:2 565:2 566:4 567:6 568:3 569:3 570:2 571:2 572:4 573:2 574:4 575:1 576:4 577:4 578:1 579:2 580:2 581:1 582:2 584:3 585:1 587:1 588:1 594:1 599:1 600:3 601:1 605:1 612:1 616:1 628:1 638:1 639:1 640:1 644:1 650:1 651:1 653:1 654:2 655:2 656:5 657:5 658:5 659:5 660:5 661:4 662:3 664:5 665:1 666:2 669:1 678:1 679:1 681:1 686:1 687:1 731:1 875:1 909:1 911:1"/>
  </symbol>
  <symbol id="6" call="MPI_Win_unlock_all" comm="0" site="6" prev-site="5" occurrences="400">
   <side role="member" events="400" count="0"/>
   <compute mean="42.5625" min="0" max="4431" shift="109" zeros="234" buckets="50:1 100:32 125:10 168:14 175:2 193:24 200:2 212:10 221:2 225:11 234:1 246:5 251:2 254:6 264:8 270:4 279:1 285:4 300:3 305:3 314:2 321:1 329:2 332:3 337:1 339:1 342:1 355:2 357:1 358:1 371:1 403:1 408:1 571:1 602:1 604:1"/>
   <duration mean="1068.5575" min="561" max="34621" buckets="454:1 456:1 458:1 460:1 461:2 462:1 463:2 466:2 467:3 469:1 470:4 471:5 472:10 473:5 474:4 475:8 476:10 477:13 478:7 479:10 480:13 481:15 482:26 483:12 484:19 485:24 486:10 487:28 488:11 489:14 490:9 491:18 492:6 493:10 494:8 495:8 496:9 497:4 498:4 499:5 500:11 501:4 502:5 503:5 504:3 506:4 507:2 509:2 511:3 513:4 515:1 516:1 517:1 518:1 520:2 525:1 570:1 613:1 650:1 652:1 683:1 752:1"/>
  </symbol>
  <symbol id="7" call="MPI_Barrier" comm="0" site="7" prev-site="6" occurrences="400">
   <side role="member" events="400" count="0"/>
   <compute mean="5.7675" min="0" max="536" shift="109" zeros="348" buckets="100:15 125:2 168:4 193:7 200:1 212:2 221:2 225:5 246:2 254:2 257:1 270:2 308:1 329:1 340:1 351:1 360:1 445:1 452:1"/>
   <duration mean="1001.67" min="521" max="36304" buckets="450:1 453:1 455:2 457:2 458:3 459:4 460:7 461:7 462:11 463:11 464:10 465:8 466:15 467:10 468:6 469:9 470:13 471:7 472:12 473:10 474:9 475:9 476:13 477:11 478:14 479:13 480:8 481:11 482:10 483:12 484:10 485:9 486:9 487:16 488:6 489:7 490:4 491:6 492:2 493:5 494:3 495:2 496:2 497:3 498:1 499:3 500:7 501:3 502:4 503:3 504:3 505:1 507:3 508:1 509:2 510:1 511:1 517:1 523:1 526:1 527:1 528:2 532:2 533:1 535:1 540:2 541:1 542:2 544:1 550:1 557:1 576:1 584:1 592:1 615:1 686:1 755:1"/>
  </symbol>
  <symbol id="8" call="MPI_Win_lock_all" comm="0" site="3" prev-site="7" occurrences="398">
   <side role="member" events="398" count="0"/>
   <compute mean="34036.18592964824" min="32663" max="103840" shift="109" buckets="750:142 751:204 752:39 753:5 755:2 760:1 762:1 813:1 814:1 825:1 829:1"/>
   <compute-cpu mean="33439.65577889447" min="32469" max="101987" shift="109" buckets="749:5 750:365 751:17 752:3 753:2 759:1 760:1 813:2 824:1 827:1"/>
   <duration mean="1803.3015075376884" min="831" max="72197" buckets="481:1 483:1 484:2 485:3 486:5 487:12 488:4 489:7 490:8 491:10 492:3 493:6 494:7 495:9 496:5 497:9 498:6 499:5 500:14 501:18 502:7 503:9 504:11 505:2 506:13 507:8 508:6 509:2 511:5 512:3 513:1 514:3 515:2 516:3 517:3 518:3 519:1 520:2 521:6 522:4 523:5 524:8 525:4 526:4 527:5 528:4 529:3 530:4 531:6 532:10 533:4 534:10 535:11 536:4 537:6 538:5 539:13 540:3 541:6 542:5 543:1 544:3 545:2 546:2 547:4 548:2 549:1 550:4 551:4 552:5 553:1 556:1 557:2 558:1 560:1 562:1 563:1 569:1 571:1 575:1 590:1 599:1 600:1 603:2 607:1 624:1 651:1 802:1 805:1"/>
  </symbol>
  <symbol id="9" call="MPI_Barrier" comm="0" site="8" prev-site="7" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="32483" max="33441" shift="109"/>
   <compute-cpu mean="32461.5" min="32440" max="32483" shift="109" buckets="749:2"/>
   <duration min="721" max="1713"/>
  </symbol>
  <symbol id="10" call="MPI_Win_free" comm="0" site="9" prev-site="8" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="17541" max="17728" shift="109"/>
   <duration min="13881" max="14311"/>
  </symbol>
  <symbol id="11" call="MPI_Finalize" comm="0" site="10" prev-site="9" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="64709.5" min="2749" max="126670" shift="109" buckets="566:1 846:1"/>
   <compute-cpu mean="21184.5" min="2749" max="39620" shift="109" buckets="566:1 760:1"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="5" time-ns="47303.93493718593">
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
  </block>
  <block id="1" events="1006" time-ns="10861476.499999998">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <loop body="0" count="199"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
  </block>
  <dominant block="0" count="199" share="0.8666853951670385" iteration-ns="47303.93493718593"/>
 </class>
</signature>
